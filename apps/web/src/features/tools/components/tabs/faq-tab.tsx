import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from '@/components/data-table';
import { Skeleton } from 'primereact/skeleton';
import type { FaqAdminEntry } from '@cab/contract/content';
import { showSuccessToast } from '@/lib/api';
import { faqAdminQueryOptions, useDeleteFaq } from '../../api/content-api';
import { ConfirmToolAction } from '../confirm-tool-action';
import { FaqEditDialog } from './faq-edit-dialog';
import { QueryStates } from '@/components/query-states';

/** Root edits the FAQ every user reads at /faq (answers pass the same sanitizer as news). */
export function FaqTab() {
  const { t, i18n } = useTranslation();
  const faq = useQuery(faqAdminQueryOptions);
  const [editing, setEditing] = useState<FaqAdminEntry | 'new' | null>(null);
  const [deleting, setDeleting] = useState<FaqAdminEntry | null>(null);
  const remove = useDeleteFaq();
  const question = (entry: FaqAdminEntry) => (i18n.language === 'en' ? entry.question_en : entry.question_ru);

  return (
    <section className="card tools-card" aria-labelledby="faq-editor-title" data-testid="faq-tab">
      <div className="tools-card__head">
        <h2 id="faq-editor-title">{t('toolsFaq.title')}</h2>
        <Button label={t('toolsFaq.create')} icon="pi pi-plus" onClick={() => setEditing('new')} data-testid="faq-create" />
      </div>
      <p className="tools-card__text">
        {t('toolsFaq.text')} <a href="/faq">/faq</a>
      </p>
      <QueryStates query={faq} pending={<Skeleton height="12rem" />}>
        {(data) => (
          <DataTable value={data.items} dataKey="id" size="small" stripedRows emptyMessage={t('toolsFaq.empty')} data-testid="faq-table">
            <Column header={t('toolsFaq.columns.group')} body={(entry: FaqAdminEntry) => t(`faq.groups.${entry.group}`)} headerClassName="tools-col-wide" bodyClassName="tools-col-wide" />
            <Column header={t('toolsFaq.columns.question')} body={question} bodyClassName="tools-cell-wrap" />
            <Column field="id" header={t('toolsFaq.columns.id')} headerClassName="tools-col-wide" bodyClassName="tools-col-wide" />
            <Column
              header={t('toolsFaq.columns.actions')}
              body={(entry: FaqAdminEntry) => (
                <div className="tools-row-actions">
                  <Button icon="pi pi-pencil" text rounded aria-label={t('toolsFaq.edit', { question: question(entry) })} onClick={() => setEditing(entry)} data-testid={`faq-edit-${entry.id}`} />
                  <Button icon="pi pi-trash" text rounded severity="danger" aria-label={t('toolsFaq.delete', { question: question(entry) })} onClick={() => setDeleting(entry)} data-testid={`faq-delete-${entry.id}`} />
                </div>
              )}
            />
          </DataTable>
        )}
      </QueryStates>
      {editing !== null && <FaqEditDialog entry={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmToolAction
        visible={deleting !== null}
        title={t('toolsFaq.confirmDeleteTitle')}
        text={t('toolsFaq.confirmDeleteText', { question: deleting ? question(deleting) : '' })}
        accept={t('toolsFaq.deleteAccept')}
        danger
        busy={remove.isPending}
        onHide={() => setDeleting(null)}
        onAccept={() => {
          if (!deleting) return;
          remove.mutate({ id: deleting.id }, { onSuccess: () => showSuccessToast({ key: 'toolsFaq.deleted' }), onSettled: () => setDeleting(null) });
        }}
      />
    </section>
  );
}
