import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from '@/components/data-table';
import { Dialog } from 'primereact/dialog';
import { Paginator } from 'primereact/paginator';
import { Tag } from 'primereact/tag';
import type { AlertFiring, AlertRule } from '@cab/contract/alerts';
import { CARD_TABLE, cardColumn } from '@/components/card-table';
import { EmptyState } from '@/components/empty-state';
import { HintedButton } from '@/components/hinted-button';
import { PageTitle } from '@/components/page-title';
import { QueryStates } from '@/components/query-states';
import { showSuccessToast } from '@/lib/api';
import { formatUnixDate } from '@/lib/format-date';
import { useCan } from '@/lib/use-can';
import { FIRINGS_PAGE_SIZE, useAlertFirings, useAlertRules, useDeleteAlertRule } from '../api/alerts';
import { AlertRuleDialog } from './alert-rule-dialog';
import { conditionText, firingValueText } from './alert-texts';
import '../alerts.css';

/** Route module /alerts: the company's alert rules (create, edit, delete) and every firing. */
export function Component() {
  const { t } = useTranslation();
  const canManage = useCan('sims.operate', { writes: true });
  const [editing, setEditing] = useState<AlertRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AlertRule | null>(null);
  return (
    <div className="alerts-page">
      <div className="alerts-page__head">
        <PageTitle>{t('alerts.title')}</PageTitle>
        <HintedButton
          type="button"
          icon="pi pi-plus"
          label={t('alerts.create')}
          disabled={!canManage}
          hint={canManage ? undefined : t('alerts.readOnly')}
          onClick={() => setEditing('new')}
          data-testid="alerts-create"
        />
      </div>
      <RulesTable canManage={canManage} onEdit={setEditing} onDelete={setDeleting} />
      <h2 className="alerts-page__subtitle">{t('alerts.firings')}</h2>
      <FiringsTable />
      <AlertRuleDialog rule={editing} onHide={() => setEditing(null)} />
      <DeleteRuleDialog rule={deleting} onHide={() => setDeleting(null)} />
    </div>
  );
}

function RulesTable({ canManage, onEdit, onDelete }: { canManage: boolean; onEdit: (rule: AlertRule) => void; onDelete: (rule: AlertRule) => void }) {
  const { t } = useTranslation();
  const rules = useAlertRules();
  const target = (rule: AlertRule) => {
    if (rule.sim) return <Link to={`/sim/${rule.sim.id}`}>{rule.sim.iccid}</Link>;
    if (rule.group) return t('alerts.targetGroup', { name: rule.group.name });
    if (rule.label) return t('alerts.targetLabel', { label: rule.label });
    return t('alerts.scopes.company');
  };
  const actionsText = (rule: AlertRule) => [rule.notify && t('alerts.notifyShort'), rule.block && t('alerts.blockShort')].filter(Boolean).join(', ');
  return (
    <QueryStates
      query={rules}
      card
      isEmpty={(data) => data.items.length === 0}
      empty={<EmptyState icon="pi-bell" title={t('alerts.empty')} hint={t('alerts.emptyHint')} testId="alerts-empty" />}
    >
      {({ items }) => (
        <DataTable value={items} dataKey="id" size="small" stripedRows className={`alerts-table ${CARD_TABLE}`} data-testid="alerts-rules">
          <Column columnKey="name" {...cardColumn('title', t('alerts.name'))} field="name" />
          <Column
            columnKey="state"
            {...cardColumn('status', t('alerts.state'))}
            body={(rule: AlertRule) => <Tag severity={rule.enabled ? 'success' : 'secondary'} value={t(rule.enabled ? 'alerts.on' : 'alerts.off')} />}
          />
          <Column columnKey="target" {...cardColumn('field', t('alerts.scope'))} body={target} />
          <Column columnKey="condition" {...cardColumn('field', t('alerts.condition'))} body={(rule: AlertRule) => conditionText(t, rule.condition, rule.threshold, rule.country)} />
          <Column columnKey="actions-taken" {...cardColumn('field', t('alerts.actions'))} body={actionsText} />
          {canManage && (
            <Column
              columnKey="buttons"
              {...cardColumn('actions', t('alerts.manage'))}
              body={(rule: AlertRule) => (
                <div className="alerts-table__buttons">
                  <Button type="button" icon="pi pi-pencil" text rounded aria-label={t('alerts.edit', { name: rule.name })} onClick={() => onEdit(rule)} data-testid="alert-edit" />
                  <Button type="button" icon="pi pi-trash" text rounded severity="danger" aria-label={t('alerts.delete', { name: rule.name })} onClick={() => onDelete(rule)} data-testid="alert-delete" />
                </div>
              )}
            />
          )}
        </DataTable>
      )}
    </QueryStates>
  );
}

function FiringsTable() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(0);
  const firings = useAlertFirings(page);
  return (
    <QueryStates
      query={firings}
      card
      isEmpty={(data) => data.total === 0}
      empty={<EmptyState icon="pi-history" title={t('alerts.firingsEmpty')} hint={t('alerts.firingsEmptyHint')} testId="alerts-firings-empty" />}
    >
      {({ items, total }) => (
        <>
          <DataTable value={items} dataKey="id" size="small" stripedRows className={`alerts-table ${CARD_TABLE}`} data-testid="alerts-firings">
            <Column columnKey="at" {...cardColumn('title', t('alerts.when'))} body={(f: AlertFiring) => formatUnixDate(f.at, i18n.language)} />
            <Column columnKey="rule" {...cardColumn('field', t('alerts.rule'))} body={(f: AlertFiring) => f.rule.name} />
            <Column columnKey="sim" {...cardColumn('field', t('alerts.sim'))} body={(f: AlertFiring) => <Link to={`/sim/${f.sim.id}`}>{f.sim.iccid}</Link>} />
            <Column columnKey="value" {...cardColumn('field', t('alerts.value'))} body={(f: AlertFiring) => firingValueText(t, f.condition, f.value)} />
            <Column
              columnKey="done"
              {...cardColumn('field', t('alerts.actionsTaken'))}
              body={(f: AlertFiring) => [f.actions.notified && t('alerts.notifyShort'), f.actions.blocked && t('alerts.blockedShort')].filter(Boolean).join(', ') || '—'}
            />
          </DataTable>
          {total > FIRINGS_PAGE_SIZE && <Paginator first={page * FIRINGS_PAGE_SIZE} rows={FIRINGS_PAGE_SIZE} totalRecords={total} onPageChange={(e) => setPage(e.page)} />}
        </>
      )}
    </QueryStates>
  );
}

function DeleteRuleDialog({ rule, onHide }: { rule: AlertRule | null; onHide: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteAlertRule();
  const confirm = () => {
    if (!rule) return;
    remove.mutate(rule.id, {
      onSuccess: () => {
        showSuccessToast(t('alerts.deleted'));
        onHide();
      },
    });
  };
  return (
    <Dialog visible={rule !== null} onHide={onHide} header={t('alerts.deleteTitle')} style={{ width: '28rem' }} breakpoints={{ '640px': '95vw' }} draggable={false} modal data-testid="alert-delete-dialog">
      <p>{t('alerts.deleteConfirm', { name: rule?.name ?? '' })}</p>
      <div className="op-form__actions">
        <Button type="button" label={t('alerts.cancel')} text onClick={onHide} />
        <Button type="button" label={t('alerts.deleteYes')} severity="danger" icon="pi pi-trash" loading={remove.isPending} onClick={confirm} data-testid="alert-delete-confirm" />
      </div>
    </Dialog>
  );
}
