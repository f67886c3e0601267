import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Banner } from '@cab/contract/me';
import { CONTENT_API } from '@cab/contract/content';
import { api } from '@/lib/api';
import { ME_KEY } from '@/lib/me-query';

const ICONS: Record<Banner['type'], string> = {
  success: 'pi-check-circle',
  danger: 'pi-exclamation-triangle',
  info: 'pi-info-circle',
};

/**
 * Operator message of user.message; CSS shows it on screens ≥ 1200 px only (spec §1). Closing it is
 * remembered by the server for this user until root publishes another banner.
 */
export function HeaderBanner({ banner }: { banner: Banner }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const dismiss = useMutation({
    mutationFn: () => api.call(CONTENT_API.bannerDismiss, { revision: banner.revision }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ME_KEY }),
  });
  const content = (
    <>
      <i className={`pi ${ICONS[banner.type]}`} aria-hidden="true" />
      <span>{banner.text}</span>
    </>
  );
  return (
    <div className={`header-banner header-banner--${banner.type}`} title={banner.text} data-testid="header-banner" role="note">
      {banner.link ? (
        <a href={banner.link} target={banner.target ?? undefined} rel="noopener noreferrer" data-testid="header-banner-link">
          {content}
        </a>
      ) : (
        content
      )}
      <button
        type="button"
        className="header-banner__close"
        aria-label={t('header.bannerClose')}
        title={t('header.bannerClose')}
        disabled={dismiss.isPending}
        onClick={() => dismiss.mutate()}
        data-testid="header-banner-close"
      >
        <i className="pi pi-times" aria-hidden="true" />
      </button>
    </div>
  );
}
