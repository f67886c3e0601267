/** Where the SMSC is and how to bind to it, from SMPP_URL (smpp://system_id:password@host:port[?source=ADDR]). */
export interface SmscAddress {
  host: string;
  port: number;
  systemId: string;
  password: string;
  /** The source address of outgoing messages (a number or an alphanumeric sender); empty: the SMSC's default. */
  source: string;
  /** host:port — what logs and Tools show; never the password. */
  display: string;
}

/** SMPP's usual port when the URL names none. */
const DEFAULT_PORT = 2775;

/** SMPP 3.4 field limits (C-octet strings, terminator excluded). */
const SYSTEM_ID_MAX = 15;
const PASSWORD_MAX = 8;
const SOURCE_MAX = 20;

export function parseSmppUrl(url: string): SmscAddress {
  const parsed = new URL(url);
  if (parsed.protocol !== 'smpp:') throw new Error('SMPP_URL: expected smpp://system_id:password@host:port');
  const systemId = decodeURIComponent(parsed.username);
  const password = decodeURIComponent(parsed.password);
  const source = parsed.searchParams.get('source') ?? '';
  if (!systemId || systemId.length > SYSTEM_ID_MAX) throw new Error(`SMPP_URL: system_id must be 1-${SYSTEM_ID_MAX} characters`);
  if (password.length > PASSWORD_MAX) throw new Error(`SMPP_URL: password must be at most ${PASSWORD_MAX} characters`);
  if (source.length > SOURCE_MAX) throw new Error(`SMPP_URL: source must be at most ${SOURCE_MAX} characters`);
  // URL keeps IPv6 literals in brackets; net.connect wants them bare.
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!host) throw new Error('SMPP_URL: host missing');
  const port = parsed.port ? Number(parsed.port) : DEFAULT_PORT;
  return { host, port, systemId, password, source, display: `${parsed.hostname}:${port}` };
}
