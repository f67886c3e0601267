import type { Banner } from '@cab/contract/me';

const ICONS: Record<Banner['type'], string> = {
  success: 'pi-check-circle',
  danger: 'pi-exclamation-triangle',
  info: 'pi-info-circle',
};

/** Operator message of user.message; CSS shows it on screens ≥ 1200 px only (spec §1). */
export function HeaderBanner({ banner }: { banner: Banner }) {
  const content = (
    <>
      <i className={`pi ${ICONS[banner.type]}`} aria-hidden="true" />
      <span>{banner.text}</span>
    </>
  );
  return (
    <div className={`header-banner header-banner--${banner.type}`} title={banner.text} data-testid="header-banner" role="note">
      {banner.link ? (
        <a
          href={banner.link}
          target={banner.target ?? undefined}
          rel={banner.target === '_blank' ? 'noopener noreferrer' : undefined}
        >
          {content}
        </a>
      ) : (
        content
      )}
    </div>
  );
}
