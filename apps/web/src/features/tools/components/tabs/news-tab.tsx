import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from '@/components/data-table';
import { Skeleton } from 'primereact/skeleton';
import type { NewsAdminItem } from '@cab/contract/content';
import { showSuccessToast } from '@/lib/api';
import { formatUnixDate } from '@/lib/format-date';
import { NEWS_EDITOR_PAGE_SIZE, newsAdminQueryOptions, useSetNewsPublished } from '../../api/content-api';
import { ConfirmToolAction } from '../confirm-tool-action';
import { NewsEditDialog } from './news-edit-dialog';
import { QueryStates } from '@/components/query-states';

/** The title root reads in the editor's list: in the cabinet's language, or the other one when that is empty. */
const titleOf = (item: NewsAdminItem, lang: string): string => (lang === 'en' ? item.title_en || item.title_ru : item.title_ru || item.title_en);
/** The languages an item is written in. */
const writtenIn = (item: NewsAdminItem): string[] => (['ru', 'en'] as const).filter((lang) => item[`title_${lang}`] !== '');

/** Root's news: write, fix, unpublish and publish again (publishing opens every user's news drawer once). */
export function NewsTab() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(0);
  const news = useQuery({ ...newsAdminQueryOptions(page), placeholderData: keepPreviousData });
  const [editing, setEditing] = useState<NewsAdminItem | 'new' | null>(null);
  const [toggling, setToggling] = useState<NewsAdminItem | null>(null);
  const setPublished = useSetNewsPublished();

  return (
    <section className="card tools-card" aria-labelledby="news-editor-title" data-testid="news-tab">
      <div className="tools-card__head">
        <h2 id="news-editor-title">{t('toolsNews.title')}</h2>
        <Button label={t('toolsNews.create')} icon="pi pi-plus" onClick={() => setEditing('new')} data-testid="news-create" />
      </div>
      <p className="tools-card__text">{t('toolsNews.text')}</p>
      <QueryStates query={news} pending={<Skeleton height="12rem" />}>
        {(data) => (
          <DataTable
            value={data.items}
            dataKey="id"
            size="small"
            stripedRows
            lazy
            paginator={data.total > NEWS_EDITOR_PAGE_SIZE}
            first={page * NEWS_EDITOR_PAGE_SIZE}
            rows={NEWS_EDITOR_PAGE_SIZE}
            totalRecords={data.total}
            onPage={(e) => setPage(e.page ?? 0)}
            emptyMessage={t('toolsNews.empty')}
            data-testid="news-table"
          >
            <Column
              header={t('toolsNews.columns.title')}
              bodyClassName="tools-cell-wrap"
              body={(item: NewsAdminItem) => (
                <>
                  {titleOf(item, i18n.language)}
                  <span className="news-languages" data-testid={`news-languages-${item.id}`}>
                    <span className="visually-hidden">{t('toolsNews.writtenIn')}</span>
                    {writtenIn(item).map((lang) => (
                      <span key={lang} className="news-languages__tag" title={t(`toolsNews.languages.${lang}`)}>
                        {lang.toUpperCase()}
                      </span>
                    ))}
                  </span>
                  {/* Phones: the state under the title, its own column being hidden. */}
                  <span className={`tools-status tools-status--${item.published ? 'live' : 'withdrawn'} tools-col-narrow`}>
                    {t(item.published ? 'toolsNews.published' : 'toolsNews.unpublished')}
                  </span>
                </>
              )}
            />
            <Column
              header={t('toolsNews.columns.added')}
              body={(item: NewsAdminItem) => formatUnixDate(item.published_at ?? item.added, i18n.language)}
              headerClassName="tools-col-wide"
              bodyClassName="tools-col-wide"
            />
            <Column
              header={t('toolsNews.columns.status')}
              headerClassName="tools-col-wide"
              bodyClassName="tools-col-wide"
              body={(item: NewsAdminItem) => (
                <span className={`tools-status tools-status--${item.published ? 'live' : 'withdrawn'}`}>{t(item.published ? 'toolsNews.published' : 'toolsNews.unpublished')}</span>
              )}
            />
            <Column
              header={t('toolsNews.columns.actions')}
              body={(item: NewsAdminItem) => (
                <div className="tools-row-actions">
                  <Button icon="pi pi-pencil" text rounded aria-label={t('toolsNews.edit', { title: titleOf(item, i18n.language) })} onClick={() => setEditing(item)} data-testid={`news-edit-${item.id}`} />
                  <Button
                    icon={item.published ? 'pi pi-eye-slash' : 'pi pi-send'}
                    text
                    rounded
                    severity={item.published ? 'danger' : undefined}
                    aria-label={t(item.published ? 'toolsNews.unpublish' : 'toolsNews.publish', { title: titleOf(item, i18n.language) })}
                    onClick={() => setToggling(item)}
                    data-testid={`news-toggle-${item.id}`}
                  />
                </div>
              )}
            />
          </DataTable>
        )}
      </QueryStates>
      {editing !== null && <NewsEditDialog item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmToolAction
        visible={toggling !== null}
        title={t(toggling?.published ? 'toolsNews.confirm.unpublishTitle' : 'toolsNews.confirm.publishTitle')}
        text={t(toggling?.published ? 'toolsNews.confirm.unpublishText' : 'toolsNews.confirm.publishText', { title: toggling ? titleOf(toggling, i18n.language) : '' })}
        accept={t(toggling?.published ? 'toolsNews.confirm.unpublish' : 'toolsNews.confirm.publish')}
        danger={toggling?.published}
        busy={setPublished.isPending}
        onHide={() => setToggling(null)}
        onAccept={() => {
          if (!toggling) return;
          setPublished.mutate(
            { id: toggling.id, published: !toggling.published },
            { onSuccess: () => showSuccessToast({ key: 'toolsNews.saved' }), onSettled: () => setToggling(null) },
          );
        }}
      />
    </section>
  );
}
