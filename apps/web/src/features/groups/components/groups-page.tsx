import { useState } from 'react';
import { useCan } from '@/lib/use-can';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from '@/components/data-table';
import { type DataTableBodyRowPassThroughMethodOptions } from 'primereact/datatable';
import type { Group } from '@cab/contract/groups';

import { PageTitle } from '@/components/page-title';
import { HintedButton } from '@/components/hinted-button';
import { OperationsMenu } from '@/components/sim-operations/operations-menu';
import { formatCount } from '@/lib/format-count';
import { formatUnixDate } from '@/lib/format-date';
import { groupsQueryOptions } from '@/lib/groups-query';
import { DeleteGroupDialog } from './delete-group-dialog';
import { GroupNameDialog } from './group-name-dialog';
import '../groups.css';
import { EmptyState } from '@/components/empty-state';
import { QueryStates } from '@/components/query-states';

/** Route module /groups: list, create, rename, delete, open in the SIM list, operations on a group. */
export function Component() {
  const { t, i18n } = useTranslation();
  const groups = useQuery(groupsQueryOptions);
  const [editing, setEditing] = useState<Group | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Group | null>(null);
  const canManage = useCan('groups.manage', { writes: true });

  const actions = (group: Group) => (
    <GroupActions group={group} onRename={() => setEditing(group)} onDelete={() => setDeleting(group)} />
  );

  return (
    <div className="groups-page">
      <div className="groups-page__head">
        <PageTitle>{t('pages.groups')}</PageTitle>
        <HintedButton
          type="button"
          icon="pi pi-plus"
          label={t('groups.create')}
          disabled={!canManage}
          hint={canManage ? undefined : t('groups.readOnly')}
          onClick={() => setEditing('new')}
          data-testid="groups-create"
        />
      </div>
      <QueryStates
        query={groups}
        card
        isEmpty={(data) => data.items.length === 0}
        empty={<EmptyState icon="pi-folder-open" title={t('groups.empty')} hint={t('groups.emptyHint')} testId="groups-empty" />}
      >
        {({ items }) => (
          <div className="sims-table-like">
            <DataTable
              value={items}
              dataKey="id"
              size="small"
              stripedRows
              sortField="name"
              sortOrder={1}
              loading={groups.isFetching && !groups.isPending}
              pt={{
                bodyRow: (options) => {
                  const context = (options as unknown as DataTableBodyRowPassThroughMethodOptions<Group[]> | undefined)
                    ?.context;
                  return context ? { 'data-testid': 'groups-row' } : {};
                },
              }}
            >
              <Column
                field="name"
                header={t('groups.name')}
                sortable
                body={(group: Group) => <Link to={`/list?group=${group.id}`}>{group.name}</Link>}
              />
              <Column
                field="sim_count"
                header={t('groups.simCount')}
                sortable
                body={(group: Group) => formatCount(group.sim_count, i18n.language)}
              />
              <Column
                field="added"
                header={t('groups.added')}
                sortable
                body={(group: Group) => formatUnixDate(group.added, i18n.language)}
              />
              <Column header={t('groups.actions')} body={actions} className="group-actions-cell" />
            </DataTable>
          </div>
        )}
      </QueryStates>
      <GroupNameDialog group={editing} onHide={() => setEditing(null)} />
      <DeleteGroupDialog group={deleting} onHide={() => setDeleting(null)} />
    </div>
  );
}

/** A cell of its own: DataTable keeps rendered cells, so the role check must re-render here when `me` loads. */
function GroupActions({ group, onRename, onDelete }: { group: Group; onRename: () => void; onDelete: () => void }) {
  const { t, i18n } = useTranslation();
  const canManage = useCan('groups.manage', { writes: true });
  return (
    <div className="group-actions">
      <Link
        to={`/list?group=${group.id}`}
        className="p-button p-button-text p-button-sm"
        data-testid="groups-open-list"
      >
        <i className="pi pi-list" aria-hidden="true" />
        <span>{t('groups.openList')}</span>
      </Link>
      <OperationsMenu
        selection={{ group: group.id }}
        target={{ kind: 'group' }}
        targetLabel={t('groups.target', { name: group.name, count: formatCount(group.sim_count, i18n.language) })}
        buttonTestId="groups-actions"
        compact
        seeAll={{ to: `/list?group=${group.id}` }}
      />
      {canManage && (
        <>
          <Button
            type="button"
            icon="pi pi-pencil"
            text
            rounded
            aria-label={t('groups.rename')}
            tooltip={t('groups.rename')}
            tooltipOptions={{ position: 'top' }}
            onClick={onRename}
            data-testid="groups-rename"
          />
          <Button
            type="button"
            icon="pi pi-trash"
            text
            rounded
            severity="danger"
            aria-label={t('groups.delete')}
            tooltip={t('groups.delete')}
            tooltipOptions={{ position: 'top' }}
            onClick={onDelete}
            data-testid="groups-delete"
          />
        </>
      )}
    </div>
  );
}
