import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { PASSKEY_NAME_MAX, type PasskeyItem } from '@cab/contract/passkeys';
import { QueryStates } from '@/components/query-states';
import { showSuccessToast } from '@/lib/api';
import { ApiError } from '@/lib/api-error';
import { formatUnixDate } from '@/lib/format-date';
import { PasskeyProblem, passkeyAvailability } from '@/lib/passkey-browser';
import { passkeysQueryOptions, useAddPasskey, useRemovePasskey } from '../api/passkeys-api';
import { shortUserAgent } from './short-user-agent';

function problemText(error: unknown, t: (key: string) => string): string {
  if (error instanceof PasskeyProblem) return t(error.messageKey);
  return error instanceof ApiError && error.message ? error.message : t('common.unexpectedError');
}

/**
 * The profile's passkeys (issue 22.4): each signs in without a password on the device that holds it,
 * or answers the second factor after one. Added under a name the user knows it by; removal confirmed.
 */
export function PasskeysCard() {
  const { t, i18n } = useTranslation();
  const list = useQuery(passkeysQueryOptions);
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [name, setName] = useState(() => shortUserAgent(navigator.userAgent) ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const passwordRequired = list.data?.password_required ?? true;
  const [removing, setRemoving] = useState<PasskeyItem | null>(null);
  const availability = passkeyAvailability();

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const typed = name.trim();
    const nameProblem = typed ? null : t('passkeys.nameRequired');
    const passwordProblem = passwordRequired && !password ? t('passkeys.passwordRequired') : null;
    setError(nameProblem);
    setPasswordError(passwordProblem);
    if (nameProblem || passwordProblem) return;
    add.mutate(
      { name: typed, password: passwordRequired ? password : undefined },
      {
        onSuccess: (added) => {
          showSuccessToast({ key: 'passkeys.added', values: { name: added.name } });
          setName('');
          setPassword('');
        },
        onError: (failure) => {
          // A wrong password is said at its field; anything else under the form.
          if (failure instanceof ApiError && failure.fields?.password) setPasswordError(failure.message);
          else setError(problemText(failure, t));
        },
      },
    );
  }

  function confirmRemove(): void {
    if (!removing) return;
    setError(null);
    remove.mutate(removing.id, {
      onSuccess: () => {
        showSuccessToast({ key: 'passkeys.removed', values: { name: removing.name } });
        setRemoving(null);
      },
      onError: (failure) => {
        setError(problemText(failure, t));
        setRemoving(null);
      },
    });
  }

  return (
    <section className="card profile-card" aria-labelledby="profile-passkeys-title" data-testid="passkeys-card">
      <h2 id="profile-passkeys-title">{t('passkeys.title')}</h2>
      <p className="profile-form__note">{t('passkeys.intro')}</p>
      <QueryStates query={list} rows={2}>
        {(data) =>
          data.items.length === 0 ? (
            <p data-testid="passkeys-empty">{t('passkeys.none')}</p>
          ) : (
            <ul className="passkey-list" data-testid="passkeys-list">
              {data.items.map((passkey) => (
                <li key={passkey.id} className="passkey-list__item" data-testid="passkey-row">
                  <i className="pi pi-key" aria-hidden="true" />
                  <div className="passkey-list__text">
                    <strong>{passkey.name}</strong>
                    <small>
                      {t('passkeys.addedOn', { date: formatUnixDate(passkey.created, i18n.language) })}
                      {' · '}
                      {passkey.last_used
                        ? t('passkeys.lastUsed', { date: formatUnixDate(passkey.last_used, i18n.language) })
                        : t('passkeys.neverUsed')}
                    </small>
                  </div>
                  <Button
                    type="button"
                    icon="pi pi-trash"
                    text
                    severity="danger"
                    aria-label={t('passkeys.removeNamed', { name: passkey.name })}
                    tooltip={t('passkeys.remove')}
                    onClick={() => setRemoving(passkey)}
                    data-testid="passkey-remove"
                  />
                </li>
              ))}
            </ul>
          )
        }
      </QueryStates>
      {availability === 'available' ? (
        <form className="passkey-add" noValidate onSubmit={submit}>
          <div className="field">
            <label htmlFor="passkey-name">{t('passkeys.nameLabel')}</label>
            <InputText
              id="passkey-name"
              value={name}
              maxLength={PASSKEY_NAME_MAX}
              onChange={(event) => setName(event.target.value)}
              invalid={error === t('passkeys.nameRequired')}
              aria-describedby={error ? 'passkey-error' : 'passkey-name-hint'}
              data-testid="passkey-name"
            />
            <small id="passkey-name-hint">{t('passkeys.nameHint')}</small>
          </div>
          {passwordRequired && (
            <div className="field">
              <label htmlFor="passkey-password">{t('passkeys.passwordLabel')}</label>
              <InputText
                id="passkey-password"
                type="password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                autoComplete="current-password"
                maxLength={200}
                invalid={Boolean(passwordError)}
                aria-describedby={passwordError ? 'passkey-password-error' : 'passkey-password-hint'}
                data-testid="passkey-password"
              />
              {!passwordError && <small id="passkey-password-hint">{t('passkeys.passwordHint')}</small>}
              {passwordError && (
                <small id="passkey-password-error" className="p-error" data-testid="passkey-password-error">
                  {passwordError}
                </small>
              )}
            </div>
          )}
          <Button
            type="submit"
            icon="pi pi-plus"
            label={t('passkeys.add')}
            loading={add.isPending}
            data-testid="passkey-add"
          />
        </form>
      ) : (
        <p className="profile-form__note" data-testid="passkeys-unsupported">
          {t(availability === 'ip-address' ? 'passkeys.needsHostName' : 'passkeys.unsupported')}
        </p>
      )}
      {error && (
        <small id="passkey-error" className="p-error" role="alert" data-testid="passkey-error">
          {error}
        </small>
      )}
      <Dialog
        visible={removing !== null}
        onHide={() => setRemoving(null)}
        header={t('passkeys.removeTitle')}
        style={{ width: '28rem' }}
        breakpoints={{ '640px': '95vw' }}
        draggable={false}
        modal
        data-testid="passkey-remove-dialog"
        footer={
          <div className="profile-form__actions">
            <Button type="button" label={t('profile.cancel')} text onClick={() => setRemoving(null)} />
            <Button
              type="button"
              label={t('passkeys.remove')}
              icon="pi pi-trash"
              severity="danger"
              loading={remove.isPending}
              onClick={confirmRemove}
              data-testid="passkey-remove-confirm"
            />
          </div>
        }
      >
        <p className="m-0">{t('passkeys.removeConfirm', { name: removing?.name ?? '' })}</p>
      </Dialog>
    </section>
  );
}
