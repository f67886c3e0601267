import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { TWO_FACTOR_API, type TotpStartResult } from '@cab/contract/two-factor';
import { RecoveryCodesList } from '@/components/recovery-codes-list';
import { callOrThrow, showSuccessToast } from '@/lib/api';
import { ApiError } from '@/lib/api-error';
import { TWO_FACTOR_KEY } from '../api/two-factor-api';

/** What the dialog does: turn the app on, turn it off, or give new recovery codes. */
export type TwoFactorAction = 'enable' | 'disable' | 'renew';

const CODE_PATTERN = /^(\d{6}|[a-z2-9]{5}-?[a-z2-9]{5})$/i;

/**
 * One dialog for the three changes, each proven with a code: enabling shows the app's QR code once
 * and takes its first code; turning off and new recovery codes take a code of the app or a recovery
 * code. New recovery codes are shown this once.
 */
export function TwoFactorDialog({ action, onHide }: { action: TwoFactorAction; onHide: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [app, setApp] = useState<TotpStartResult | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);

  useEffect(() => {
    if (action !== 'enable') return;
    callOrThrow(TWO_FACTOR_API.totpStart, {})
      .then(setApp)
      .catch((failure: unknown) => setError(failure instanceof ApiError ? failure.message : t('common.unexpectedError')));
  }, [action, t]);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const typed = code.trim();
    if (!(action === 'enable' ? /^\d{6}$/ : CODE_PATTERN).test(typed)) {
      setError(t('twoFactor.codeInvalid'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      if (action === 'enable') setCodes((await callOrThrow(TWO_FACTOR_API.totpConfirm, { code: typed })).codes);
      else if (action === 'renew') setCodes((await callOrThrow(TWO_FACTOR_API.recoveryRenew, { code: typed })).codes);
      else {
        await callOrThrow(TWO_FACTOR_API.disable, { code: typed });
        showSuccessToast({ key: 'twoFactor.disabled' });
        onHide();
      }
      void queryClient.invalidateQueries({ queryKey: TWO_FACTOR_KEY });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('common.unexpectedError'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog visible onHide={onHide} header={t(`twoFactor.${action}Title`)} style={{ width: '30rem' }} breakpoints={{ '640px': '95vw' }} draggable={false} modal data-testid="two-factor-dialog">
      {codes ? (
        <div className="two-factor-dialog">
          <p>{t('twoFactor.recoveryIntro')}</p>
          <RecoveryCodesList codes={codes} />
          <div className="company-form__actions">
            <Button type="button" label={t('twoFactor.savedDone')} onClick={onHide} data-testid="two-factor-done" />
          </div>
        </div>
      ) : (
        <form className="two-factor-dialog" noValidate onSubmit={(event) => void submit(event)}>
          {action === 'enable' && (
            <>
              <p>{t('twoFactor.enableIntro')}</p>
              {app && (
                <>
                  <img className="two-factor-qr" src={`data:image/svg+xml;utf8,${encodeURIComponent(app.qr_svg)}`} alt={t('twoFactor.qrAlt')} width={180} height={180} />
                  <p className="two-factor-secret">
                    {t('twoFactor.secretHint')} <code data-testid="two-factor-secret">{app.secret}</code>
                  </p>
                </>
              )}
            </>
          )}
          {action !== 'enable' && <p>{t('twoFactor.proveIntro')}</p>}
          <label htmlFor="two-factor-code">{t(action === 'enable' ? 'twoFactor.codeLabel' : 'twoFactor.codeOrRecoveryLabel')}</label>
          <InputText
            id="two-factor-code"
            value={code}
            autoComplete="one-time-code"
            maxLength={11}
            autoFocus
            invalid={Boolean(error)}
            aria-describedby={error ? 'two-factor-error' : undefined}
            onChange={(event) => setCode(event.target.value)}
            data-testid="two-factor-code"
          />
          {error && (
            <small id="two-factor-error" className="p-error" role="alert" data-testid="two-factor-error">
              {error}
            </small>
          )}
          <div className="company-form__actions">
            <Button type="button" label={t('twoFactor.cancel')} text onClick={onHide} />
            <Button
              type="submit"
              label={t(action === 'disable' ? 'twoFactor.turnOff' : 'twoFactor.verify')}
              severity={action === 'disable' ? 'danger' : undefined}
              loading={busy}
              disabled={action === 'enable' && !app}
              data-testid="two-factor-submit"
            />
          </div>
        </form>
      )}
    </Dialog>
  );
}
