import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { showSuccessToast } from '@/lib/api';

/** A webhook's signing secret: hidden until asked, copyable, so the admin can configure a receiver. */
export function WebhookSecret({ secret }: { secret: string }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);

  async function copy(): Promise<void> {
    await navigator.clipboard.writeText(secret);
    showSuccessToast({ key: 'notifyMethods.secretCopied' });
  }

  return (
    <div className="notify-secret">
      <span className="notify-secret__label">{t('notifyMethods.secret')}:</span>
      <span className="notify-secret__controls">
        <code className="notify-secret__value" data-testid="notify-secret">
          {shown ? secret : '•'.repeat(16)}
        </code>
        <Button
          type="button"
          text
          size="small"
          icon={shown ? 'pi pi-eye-slash' : 'pi pi-eye'}
          aria-label={t(shown ? 'notifyMethods.hideSecret' : 'notifyMethods.showSecret')}
          title={t(shown ? 'notifyMethods.hideSecret' : 'notifyMethods.showSecret')}
          onClick={() => setShown(!shown)}
          data-testid="notify-secret-toggle"
        />
        <Button
          type="button"
          text
          size="small"
          icon="pi pi-copy"
          aria-label={t('notifyMethods.copySecret')}
          title={t('notifyMethods.copySecret')}
          onClick={() => void copy().catch(() => setShown(true))}
        />
      </span>
    </div>
  );
}
