import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { QueryStates } from '@/components/query-states';
import { twoFactorQueryOptions } from '../api/two-factor-api';
import { TwoFactorDialog, type TwoFactorAction } from './two-factor-dialog';

/** The profile's two-factor sign-in (issue 22.4): whether the app is on, and turning it on or off. */
export function TwoFactorCard() {
  const { t } = useTranslation();
  const status = useQuery(twoFactorQueryOptions);
  const [action, setAction] = useState<TwoFactorAction | null>(null);
  return (
    <section className="card profile-card" aria-labelledby="profile-2fa-title" data-testid="two-factor-card">
      <h2 id="profile-2fa-title">{t('twoFactor.title')}</h2>
      <QueryStates query={status}>
        {(data) => (
          <>
            <p data-testid="two-factor-state">
              {data.totp ? t('twoFactor.on', { count: data.recovery_left }) : data.passkeys > 0 ? t('twoFactor.passkeysOnly') : t('twoFactor.off')}
              {data.required && <> {t('twoFactor.requiredNote')}</>}
            </p>
            <div className="two-factor-actions">
              {data.totp ? (
                <>
                  <Button type="button" outlined label={t('twoFactor.renew')} onClick={() => setAction('renew')} data-testid="two-factor-renew" />
                  {(!data.required || data.passkeys > 0) && <Button type="button" outlined severity="danger" label={t('twoFactor.turnOff')} onClick={() => setAction('disable')} data-testid="two-factor-disable" />}
                </>
              ) : (
                <Button type="button" icon="pi pi-shield" label={t('twoFactor.turnOn')} onClick={() => setAction('enable')} data-testid="two-factor-enable" />
              )}
            </div>
          </>
        )}
      </QueryStates>
      {action && <TwoFactorDialog action={action} onHide={() => setAction(null)} />}
    </section>
  );
}
