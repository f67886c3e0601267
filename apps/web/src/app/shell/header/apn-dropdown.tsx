import { useRef } from 'react';
import { OverlayPanel } from 'primereact/overlaypanel';
import { useTranslation } from 'react-i18next';
import { APN_DOMAIN, KNOWLEDGE_BASE_URL } from '@cab/contract/constants';
import { currentLang } from '@/lib/i18n';

export function ApnDropdown() {
  const { t } = useTranslation();
  const panel = useRef<OverlayPanel>(null);
  return (
    <>
      <button
        type="button"
        className="header-button header-button--text"
        aria-haspopup="dialog"
        aria-label={t('header.apnTitle')}
        data-testid="apn-button"
        onClick={(event) => panel.current?.toggle(event)}
      >
        <i className="pi pi-globe" aria-hidden="true" />
        <span className="header-button__caption">{t('header.apn')}</span>
      </button>
      <OverlayPanel ref={panel} className="header-panel" aria-label={t('header.apnTitle')}>
        <div className="apn-panel" data-testid="apn-panel">
          <h3 className="header-panel__title">{t('header.apnTitle')}</h3>
          <div className="apn-panel__row">
            <span className="apn-panel__caption">{t('header.apnDomain')}</span>
            <code className="apn-panel__domain" data-testid="apn-domain">
              {APN_DOMAIN}
            </code>
          </div>
          <a
            href={`${KNOWLEDGE_BASE_URL}?lang=${currentLang()}`}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="apn-knowledge-base"
          >
            <i className="pi pi-external-link" aria-hidden="true" /> {t('header.knowledgeBase')}
          </a>
        </div>
      </OverlayPanel>
    </>
  );
}
