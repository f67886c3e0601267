import { useTranslation } from 'react-i18next';

/**
 * Recovery codes shown the one time they exist in clear: a list to write down, copy or save as a
 * text file. Native controls, so the login route (which shows them after an enrolment) stays light.
 */
export function RecoveryCodesList({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  const text = `${codes.join('\n')}\n`;
  return (
    <div className="recovery-codes">
      <ol className="recovery-codes__list mono" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="recovery-codes__actions">
        <button type="button" className="p-button p-button-outlined p-button-sm p-component" onClick={() => void navigator.clipboard?.writeText(text)}>
          <span className="p-button-label">{t('twoFactor.copy')}</span>
        </button>
        {/* A data link, not the app's download helper: that one brings the API client onto the login route. */}
        <a className="p-button p-button-outlined p-button-sm p-component" href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`} download="sim-cabinet-recovery-codes.txt">
          <span className="p-button-label">{t('twoFactor.download')}</span>
        </a>
      </div>
    </div>
  );
}
