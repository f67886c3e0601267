import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Skeleton } from 'primereact/skeleton';
import { OPERATIONS_API, PREVIEW_SIMS } from '@cab/contract/operations';
import { UNCHANGED_RULES, type SimQueueReason, type SimSelection } from '@cab/contract/queue';
import { api, required } from '@/lib/api';
import { formatCount } from '@/lib/format-count';

/** Where "see all" leads: back to a view of the selection, or to a list URL (a group's SIMs). */
export type SeeAll = { onClick: () => void } | { to: string };

/**
 * The confirm dialog's "what exactly": how many SIMs (and how many the operation will take, and of
 * those how many stay as they are), the first few ICCIDs, and a way to see them all. Counted by the server with the creation's own rules.
 */
export function SelectionPreview({ selection, reason, seeAll, onLeave }: { selection: SimSelection; reason: SimQueueReason; seeAll?: SeeAll; onLeave: () => void }) {
  const { t, i18n } = useTranslation();
  const preview = useQuery({
    queryKey: ['queue-preview', reason, 'ids' in selection ? selection.ids : selection],
    queryFn: async ({ signal }) => required(await api.call(OPERATIONS_API.queuePreview, { selection, reason }, { signal })),
    staleTime: 10_000,
  });
  if (preview.isPending) return <Skeleton height="3.5rem" className="mb-2" />;
  if (!preview.data) return null;
  const { count, eligible, unchanged, first } = preview.data;
  const unchangedReason = UNCHANGED_RULES[reason]?.reason;
  const n = (value: number) => formatCount(value, i18n.language);
  const more = count - first.length;
  return (
    <div className="op-preview" data-testid="op-preview" data-count={count} data-eligible={eligible}>
      <p className="op-preview__count">
        <strong>{t('ops.preview.count', { count: n(count) })}</strong>
        {eligible < count && <span> · {t('ops.preview.eligible', { count: n(eligible) })}</span>}
      </p>
      {unchanged > 0 && unchangedReason && (
        // What will not change is said before the run, not found among its results after it.
        <p className="op-preview__unchanged" data-testid="op-preview-unchanged" data-count={unchanged}>
          {t(`ops.preview.unchanged.${unchangedReason}`, { count: n(unchanged) })}
        </p>
      )}
      <ul className="op-preview__list" aria-label={t('ops.preview.first', { count: Math.min(PREVIEW_SIMS, first.length) })}>
        {first.map((sim) => (
          <li key={sim.id} className="mono" data-testid="op-preview-sim">
            {sim.iccid}
            {sim.name ? <span className="op-preview__name"> · {sim.name}</span> : null}
          </li>
        ))}
      </ul>
      {more > 0 && seeAll && (
        <p className="op-preview__more">
          {t('ops.preview.more', { count: n(more) })}{' '}
          {'to' in seeAll ? (
            <Link to={seeAll.to} onClick={onLeave} data-testid="op-preview-all">
              {t('ops.preview.seeAll')}
            </Link>
          ) : (
            <Button
              type="button"
              link
              className="op-preview__link"
              label={t('ops.preview.seeAll')}
              onClick={() => {
                onLeave();
                seeAll.onClick();
              }}
              data-testid="op-preview-all"
            />
          )}
        </p>
      )}
    </div>
  );
}
