import { useState } from 'react';
import { Sidebar as Drawer } from 'primereact/sidebar';
import { Skeleton } from 'primereact/skeleton';
import { Button } from 'primereact/button';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NEWS_PAGE_SIZE } from '@cab/contract/constants';
import { NewsCard } from './news-card';
import { clampPage, newsQueryOptions, pageCountOf, type NewsFilter } from './news-query';

function NewsSkeleton() {
  return (
    <div className="news-skeleton" data-testid="news-loading" aria-busy="true">
      {[0, 1, 2].map((key) => (
        <div key={key} className="news-card">
          <Skeleton height="8rem" className="mb-2" />
          <Skeleton width="70%" height="1.25rem" className="mb-2" />
          <Skeleton width="30%" className="mb-2" />
          <Skeleton height="3rem" />
        </div>
      ))}
    </div>
  );
}

export function NewsDrawer({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  const [pageIndex, setPageIndex] = useState(1);
  const news = useQuery({ ...newsQueryOptions(pageIndex, NEWS_PAGE_SIZE), enabled: visible });
  const filter: NewsFilter = {
    pageIndex,
    pageSize: NEWS_PAGE_SIZE,
    items: news.data?.items ?? [],
    countAll: news.data?.all_count ?? 0,
  };
  const pageCount = pageCountOf(filter.countAll, filter.pageSize);
  const goTo = (page: number) => setPageIndex(clampPage(page, pageCount));
  const loading = news.isPending || (news.isError && news.isFetching);

  return (
    <Drawer
      visible={visible}
      onHide={onHide}
      position="right"
      // Not modal: the header's news button stays clickable and toggles the drawer (spec §2).
      modal={false}
      // Without a mask an outside click is ordinary page use, not a request to close.
      dismissable={false}
      className="news-drawer"
      aria-label={t('news.title')}
      header={<h2 className="news-drawer__title">{t('news.title')}</h2>}
      data-testid="news-drawer"
    >
      {visible && loading && <NewsSkeleton />}
      {news.isError && !news.isFetching && (
        <div className="state-view" role="alert" data-testid="news-error">
          <i className="pi pi-exclamation-triangle state-view__icon" aria-hidden="true" />
          <h3>{t('common.error')}</h3>
          <p>{t('common.cantLoad')}</p>
          <Button
            label={t('common.retry')}
            icon="pi pi-refresh"
            onClick={() => void news.refetch()}
            data-testid="news-retry"
          />
        </div>
      )}
      {news.isSuccess && filter.items.length === 0 && <p className="news-drawer__empty">{t('news.empty')}</p>}
      {news.isSuccess && filter.items.map((item) => <NewsCard key={item.id} item={item} />)}
      {news.isSuccess && pageCount > 1 && (
        <nav className="news-drawer__pager" aria-label={t('news.page', { page: filter.pageIndex, count: pageCount })}>
          <Button
            label={t('news.previous')}
            icon="pi pi-angle-left"
            text
            disabled={filter.pageIndex <= 1}
            onClick={() => goTo(filter.pageIndex - 1)}
            data-testid="news-prev"
          />
          <span>{t('news.page', { page: filter.pageIndex, count: pageCount })}</span>
          <Button
            label={t('news.next')}
            icon="pi pi-angle-right"
            iconPos="right"
            text
            disabled={filter.pageIndex >= pageCount}
            onClick={() => goTo(filter.pageIndex + 1)}
            data-testid="news-next"
          />
        </nav>
      )}
    </Drawer>
  );
}
