import type { Banner } from '@cab/contract/me';

const ICONS: Record<Banner['type'], string> = {
  success: 'pi-check-circle',
  danger: 'pi-exclamation-triangle',
  info: 'pi-info-circle',
};

/** The banner as the header draws it (the header's classes, shown here whatever the screen width). */
export function BannerPreview({ type, text, link, lang }: { type: Banner['type']; text: string; link: string | null; lang: 'ru' | 'en' }) {
  return (
    <div className="banner-preview" lang={lang}>
      <span className="banner-preview__lang">{lang.toUpperCase()}</span>
      <div className={`header-banner header-banner--${type} header-banner--preview`}>
        <i className={`pi ${ICONS[type]}`} aria-hidden="true" />
        <span className={link?.trim() ? 'banner-preview__link' : undefined}>{text}</span>
      </div>
    </div>
  );
}
