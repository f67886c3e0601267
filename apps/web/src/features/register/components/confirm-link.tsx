import { useQuery } from '@tanstack/react-query';
import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { storeLogin } from '@/lib/auth-storage';
import { sessionStore } from '@/lib/session-store';
import { confirmRegistration } from '../api/register-api';

/**
 * The registration link from the Welcome mail: opening it (once — the query never refetches, the
 * link is single-use) starts the new company's session and goes on to Jurisdiction.
 */
export function ConfirmLink({ token, onOpened }: { token: string; onOpened: () => void }) {
  const { t } = useTranslation();
  const confirm = useQuery({
    queryKey: ['register', 'confirm', token],
    queryFn: async () => {
      const result = await confirmRegistration(token, () => undefined);
      storeLogin(result);
      sessionStore.setStatus('in');
      onOpened();
      return true;
    },
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
  });
  if (confirm.isError) {
    return (
      <div className="register-form" role="alert" data-testid="register-link-failed">
        <Message severity="error" text={confirm.error.message} />
        {/* A link styled as one, not a button inside a link (nested interactive controls). */}
        <Link to="/register" className="p-button p-button-link">
          {t('register.welcome.linkFailed')}
        </Link>
      </div>
    );
  }
  return <p className="register-lead">{t('register.welcome.confirming')}</p>;
}
