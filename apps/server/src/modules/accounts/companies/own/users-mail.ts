import { randomInt } from 'node:crypto';
import { GENERATED_PASSWORD_LENGTH } from '@cab/contract/company-users';
import { LANGS } from '@cab/contract/constants';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../../../delivery/mail.js';
import { NEW_PASSWORD_MAIL } from '../../../../http/mail-messages.js';
import { fillTemplate } from '../../../../http/messages.js';

// No look-alike characters (0/O, 1/l/I), so a password read from a mail is typed right.
const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function generatePassword(): string {
  let password = '';
  for (let i = 0; i < GENERATED_PASSWORD_LENGTH; i += 1) password += ALPHABET[randomInt(ALPHABET.length)];
  return password;
}

export interface PasswordMailTarget {
  email: string;
  firstName: string;
  lang: string;
}

/**
 * Mails a generated password in the user's language. Answers whether it left: the change is
 * already committed, so a failed mail is reported to the admin (who can send again), not thrown.
 */
export async function mailPassword(
  deps: { mailer: Mailer; loginUrl: string; log: FastifyBaseLogger },
  user: PasswordMailTarget,
  password: string,
): Promise<boolean> {
  const lang = LANGS.find((l) => l === user.lang) ?? 'ru';
  const text = fillTemplate(NEW_PASSWORD_MAIL.text[lang], {
    name: user.firstName,
    email: user.email,
    password,
    link: deps.loginUrl,
  });
  try {
    await deps.mailer.send({ to: user.email, subject: NEW_PASSWORD_MAIL.subject[lang], text });
    return true;
  } catch (error) {
    deps.log.error({ err: error, to: user.email }, 'password mail failed');
    return false;
  }
}
