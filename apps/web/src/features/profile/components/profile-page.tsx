import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Skeleton } from 'primereact/skeleton';
import { PageTitle } from '@/components/page-title';
import { useMe } from '@/lib/me-query';
import { profileQueryOptions } from '../api/profile-api';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';
import { SessionsCard } from './sessions-card';
import { PasskeysCard } from './passkeys-card';
import { TwoFactorCard } from './two-factor-card';
import '../profile.css';
import { QueryStates } from '@/components/query-states';

/** Route module /profile: own data, password change, active sessions (react-router lazy: the `Component` export). */
export function Component() {
  const { t } = useTranslation();
  const profile = useQuery(profileQueryOptions);
  // A blocked company is read-only, but its users may still change the password and sign out sessions.
  const readOnly = useMe().data?.user.company_block === true;

  return (
    <div className="profile-page">
      <PageTitle>{t('pages.profile')}</PageTitle>
      <div className="profile-page__grid">
        <section className="card profile-card" aria-labelledby="profile-data-title">
          <h2 id="profile-data-title">{t('profile.dataTitle')}</h2>
          <QueryStates
            query={profile}
            pending={[0, 1, 2, 3, 4].map((key) => (
              <Skeleton key={key} height="2.5rem" className="mb-3" />
            ))}
          >
            {(data) => <ProfileForm key={data.id} profile={data} readOnly={readOnly} />}
          </QueryStates>
        </section>
        <section className="card profile-card" aria-labelledby="profile-password-title">
          <h2 id="profile-password-title">{t('profile.passwordTitle')}</h2>
          <PasswordForm />
        </section>
      </div>
      <TwoFactorCard />
      <PasskeysCard />
      <SessionsCard />
    </div>
  );
}
