import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import type { MeResult } from '@cab/contract/me';
import { hasImpersonationBackup } from '@/lib/impersonation-backup';
import { restoreRootSession } from '@/lib/impersonation';

/** While root acts as another user (spec §4 old_* credentials kept), a strip on every page says so. */
export function ImpersonationStrip({ me }: { me: MeResult | undefined }) {
  const { t } = useTranslation();
  if (!me || !hasImpersonationBackup()) return null;
  const name = `${me.user.first_name} ${me.user.last_name}`.trim() || me.user.email;
  return (
    <div className="impersonation-strip" role="status" data-testid="impersonation-strip">
      <i className="pi pi-user-edit" aria-hidden="true" />
      <span className="impersonation-strip__text">
        {t('a11y.impersonating', { name, company: me.company.name })}
      </span>
      <Button
        type="button"
        size="small"
        icon="pi pi-replay"
        label={t('a11y.restore')}
        onClick={() => void restoreRootSession()}
        data-testid="impersonation-restore"
      />
    </div>
  );
}
