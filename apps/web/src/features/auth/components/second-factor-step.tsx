import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginWithFactor } from '@cab/contract/auth';
import type { SecondFactorChallenge, TotpStartResult } from '@cab/contract/two-factor';
import { RecoveryCodesList } from '@/components/recovery-codes-list';
import { ApiError } from '@/lib/api-error';
import { completeLogin } from '@/lib/session';
import { createPasskey, PasskeyProblem, passkeyAvailability, signWithPasskey } from '@/lib/passkey-browser';
import { answerSecondFactor, answerWithPasskey, enrolPasskey, startEnrol, startPasskeyAnswer, startPasskeyEnrol } from '../api/login';

const TOTP_PATTERN = /^\d{6}$/;
const RECOVERY_PATTERN = /^[a-z2-9]{5}-?[a-z2-9]{5}$/i;

/**
 * The sign-in's second step: a code of the authenticator app or a recovery code — or, when the
 * company requires a second factor of a user who has none, the app's enrolment first (its QR code,
 * its first code, then the recovery codes, shown this once). Native controls, as the form before it.
 */
export function SecondFactorStep({ challenge, onRestart }: { challenge: SecondFactorChallenge['second_factor']; onRestart: () => void }) {
  const { t } = useTranslation();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const [app, setApp] = useState<TotpStartResult | null>(null);
  const [done, setDone] = useState<LoginWithFactor | null>(null);

  useEffect(() => {
    if (!challenge.enrol) return;
    startEnrol({ challenge: challenge.challenge })
      .then((started) => setApp(started))
      .catch((failure: unknown) => setError(failure instanceof ApiError && failure.message ? failure.message : t('common.unexpectedError')));
  }, [challenge, t]);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (isSubmitting) return;
    const typed = code.trim();
    if (!(recovery ? RECOVERY_PATTERN : TOTP_PATTERN).test(typed)) {
      setError(t(recovery ? 'twoFactor.recoveryInvalid' : 'twoFactor.codeInvalid'));
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      const result = await answerSecondFactor({ challenge: challenge.challenge, code: typed });
      if (!result) setError(t('common.unexpectedError'));
      else if (result.recovery_codes) setDone(result);
      else completeLogin(result);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.message ? failure.message : t('common.unexpectedError'));
      // An ended challenge cannot be answered again: back to the password.
      if (failure instanceof ApiError && failure.status === 401) setTimeout(onRestart, 1500);
    } finally {
      setSubmitting(false);
    }
  }

  /**
   * The challenge answered by one of the user's passkeys — or, at a required enrolment, by a new
   * passkey made now instead of the app (the browser's prompt in between).
   */
  async function answerByPasskey(): Promise<void> {
    if (isSubmitting) return;
    setError(null);
    setSubmitting(true);
    try {
      const id = { challenge: challenge.challenge };
      let result: LoginWithFactor | null = null;
      if (challenge.enrol) {
        const started = await startPasskeyEnrol(id);
        if (started) result = await enrolPasskey({ ...id, name: t('passkeys.defaultName'), response: await createPasskey(started.options) });
      } else {
        const started = await startPasskeyAnswer(id);
        if (started) result = await answerWithPasskey({ ...id, response: await signWithPasskey(started.options) });
      }
      if (result) completeLogin(result);
      else setError(t('common.unexpectedError'));
    } catch (failure) {
      if (failure instanceof PasskeyProblem) setError(t(failure.messageKey));
      else setError(failure instanceof ApiError && failure.message ? failure.message : t('common.unexpectedError'));
      if (failure instanceof ApiError && failure.status === 401 && failure.code === 'second_factor_challenge_invalid') setTimeout(onRestart, 1500);
    } finally {
      setSubmitting(false);
    }
  }

  // A passkey answers when the user has one, or — at a required enrolment — is made instead of the app.
  const passkeys = challenge.passkey || challenge.enrol ? passkeyAvailability() : 'unsupported';
  const passkeyButton = passkeys === 'available' && (
    <button
      type="button"
      className={`p-button p-component${challenge.totp || challenge.enrol ? ' p-button-outlined' : ''}`}
      disabled={isSubmitting}
      aria-busy={isSubmitting}
      onClick={() => void answerByPasskey()}
      data-testid="login-use-passkey"
    >
      <i className={`pi ${isSubmitting && !challenge.totp ? 'pi-spin pi-spinner' : 'pi-key'} p-button-icon p-button-icon-left`} aria-hidden="true" />
      <span className="p-button-label">{t(challenge.enrol ? 'passkeys.enrolInstead' : 'passkeys.useForSecondFactor')}</span>
    </button>
  );
  const errorNote = error && (
    <div className="auth-form__error" role="alert" id="login-code-error" data-testid="login-code-error">
      <i className="pi pi-exclamation-circle" aria-hidden="true" />
      {error}
    </div>
  );

  // Passkeys are the user's only second factor: no code to type, the prompt is the step.
  if (!challenge.enrol && !challenge.totp && challenge.passkey) {
    return (
      <div className="auth-form" data-testid="login-second-factor">
        <p>{t(passkeys === 'available' ? 'passkeys.secondFactorPrompt' : passkeys === 'ip-address' ? 'passkeys.needsHostName' : 'passkeys.unsupported')}</p>
        {errorNote}
        {passkeyButton}
      </div>
    );
  }

  if (done) {
    return (
      <div className="auth-form" data-testid="login-recovery-codes">
        <p>{t('twoFactor.recoveryIntro')}</p>
        <RecoveryCodesList codes={done.recovery_codes ?? []} />
        <button type="button" className="p-button p-component" onClick={() => completeLogin(done)} data-testid="login-recovery-continue">
          <span className="p-button-label">{t('twoFactor.savedContinue')}</span>
        </button>
      </div>
    );
  }

  return (
    <form className="auth-form" noValidate onSubmit={(event) => void submit(event)} data-testid="login-second-factor">
      {challenge.enrol ? (
        <div className="two-factor-enrol">
          <p>{t('twoFactor.requiredIntro')}</p>
          {app && (
            <>
              <img className="two-factor-qr" src={`data:image/svg+xml;utf8,${encodeURIComponent(app.qr_svg)}`} alt={t('twoFactor.qrAlt')} width={180} height={180} />
              <p className="two-factor-secret">
                {t('twoFactor.secretHint')} <code data-testid="login-totp-secret">{app.secret}</code>
              </p>
            </>
          )}
        </div>
      ) : (
        <p>{t(recovery ? 'twoFactor.recoveryPrompt' : 'twoFactor.codePrompt')}</p>
      )}
      <div className="field">
        <label htmlFor="login-code">{t(recovery ? 'twoFactor.recoveryLabel' : 'twoFactor.codeLabel')}</label>
        <input
          id="login-code"
          className={`p-inputtext p-component${error ? ' p-invalid' : ''}`}
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          maxLength={recovery ? 11 : 6}
          autoFocus
          aria-invalid={Boolean(error)}
          aria-describedby={error ? 'login-code-error' : undefined}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          data-testid="login-code"
        />
      </div>
      {errorNote}
      <button type="submit" className="p-button p-component" disabled={isSubmitting || (challenge.enrol && !app)} aria-busy={isSubmitting} data-testid="login-code-submit">
        {isSubmitting && <i className="pi pi-spin pi-spinner p-button-icon p-button-icon-left" aria-hidden="true" />}
        <span className="p-button-label">{t('twoFactor.verify')}</span>
      </button>
      {!challenge.enrol && (
        <button
          type="button"
          className="p-button p-button-text p-component"
          onClick={() => {
            setRecovery(!recovery);
            setCode('');
            setError(null);
          }}
          data-testid="login-use-recovery"
        >
          <span className="p-button-label">{t(recovery ? 'twoFactor.useApp' : 'twoFactor.useRecovery')}</span>
        </button>
      )}
      {passkeyButton}
    </form>
  );
}
