import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server on 127.0.0.1 that keeps every mail it receives, for tests of what the app sends. */
export class SmtpSink {
  private constructor(
    private readonly server: SMTPServer,
    readonly url: string,
    /** Every mail so far, oldest first. */
    readonly received: ReceivedMail[],
  ) {}

  static async start(): Promise<SmtpSink> {
    const received: ReceivedMail[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.server.address();
    if (!address || typeof address === 'string') throw new Error('no smtp port');
    return new SmtpSink(server, `smtp://127.0.0.1:${address.port}`, received);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** A mail's text body, decoded from whatever transfer encoding nodemailer chose (base64 or quoted-printable). */
export function mailBody(raw: string): string {
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
