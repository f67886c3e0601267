import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import type { ApiTokenCreateResult } from '@cab/contract/api-tokens';

/** The secret is in the create answer only: shown here once, with a copy button. */
export function TokenSecretDialog({ created, onHide }: { created: ApiTokenCreateResult; onHide: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<boolean | null>(null);

  async function copy(): Promise<void> {
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopied(true);
    } catch {
      // No clipboard permission (e.g. plain HTTP): the secret is selectable in the field.
      setCopied(false);
    }
  }

  return (
    <Dialog
      visible
      onHide={onHide}
      header={t('tokens.secretTitle', { name: created.token.name })}
      style={{ width: '38rem' }}
      breakpoints={{ '640px': '95vw' }}
      draggable={false}
      closeOnEscape={false}
      modal
      data-testid="token-secret-dialog"
      footer={
        <Button
          type="button"
          label={t('tokens.done')}
          icon="pi pi-check"
          onClick={onHide}
          data-testid="token-secret-done"
        />
      }
    >
      <Message severity="warn" text={t('tokens.secretOnce')} className="token-secret__warning" />
      <div className="token-secret">
        {/* A textarea, so the whole secret is visible (wrapped) rather than scrolled. */}
        <textarea
          className="p-inputtext token-secret__value"
          readOnly
          rows={2}
          value={created.secret}
          aria-label={t('tokens.secret')}
          onFocus={(event) => event.target.select()}
          data-testid="token-secret"
        />
        <Button
          type="button"
          icon={copied ? 'pi pi-check' : 'pi pi-copy'}
          label={t(copied ? 'tokens.copied' : 'tokens.copy')}
          onClick={() => void copy()}
          data-testid="token-copy"
        />
      </div>
      {copied === false && <small className="p-error">{t('tokens.copyFailed')}</small>}
      <p className="company-form__hint">{t('tokens.usage')}</p>
    </Dialog>
  );
}
