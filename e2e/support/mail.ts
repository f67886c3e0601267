import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { mailDir } from './mail-paths.js';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

function readAll(): ReceivedMail[] {
  return readdirSync(mailDir)
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(mailDir, name), 'utf8')) as ReceivedMail);
}

/**
 * The newest mail to `to` that the SMTP sink received (and whose text holds `containing`, when
 * given: an address may get several kinds of mail), waiting up to `ms` for it.
 */
export async function waitForMail(to: string, ms = 15_000, containing?: string): Promise<ReceivedMail> {
  const deadline = Date.now() + ms;
  for (;;) {
    const mail = readAll()
      .filter((m) => m.to.includes(to.toLowerCase()) && (!containing || mailText(m.raw).includes(containing)))
      .at(-1);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The text body, decoded from the transfer encoding nodemailer chose. */
export function mailText(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(raw.slice(0, split))?.[1]?.toLowerCase();
  const body = raw.slice(split + 4);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}
