import { PASSKEY_ADDED_MAIL } from '../../../http/mail-messages.js';
import { fillTemplate } from '../../../http/messages.js';
import type { PasskeyDeps } from './service.js';
import * as repo from './repository.js';

/** Tells the user by mail that a passkey was added (best effort: a failed mail is logged, the passkey stays). */
export async function tellOfNewPasskey(deps: Pick<PasskeyDeps, 'db' | 'mailer' | 'warn'>, userId: number, name: string, ip: string | null): Promise<void> {
  const account = await repo.findCredentials(deps.db, userId);
  if (!account) return;
  const lang = account.lang === 'en' ? 'en' : 'ru';
  const time = new Date().toISOString().slice(0, 16).replace('T', ' ');
  await deps.mailer
    .send({
      to: account.email,
      subject: PASSKEY_ADDED_MAIL.subject[lang],
      text: fillTemplate(PASSKEY_ADDED_MAIL.text[lang], { name, time, ip: ip ?? '—' }),
    })
    .catch((error: unknown) => deps.warn(`passkey notice to user ${userId} not sent: ${error instanceof Error ? error.message : String(error)}`));
}
