/** One OUTBOUND_ALLOW_HOSTS entry: a host name or address, on any port or on one. */
export interface AllowedHost {
  hostname: string;
  port: number | null;
}

const WITH_PORT = /^(\[[^\]]+\]|[^:[\]]+):(\d{1,5})$/;

/** The host as a URL names it (lower case, numeric IPv4 forms made dotted, IPv6 in brackets). */
function normalizeHost(host: string): string | null {
  const bracketed = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  try {
    const url = new URL(`http://${bracketed}/`);
    return url.hostname && !url.username && url.port === '' ? url.hostname : null;
  } catch {
    return null;
  }
}

function parseEntry(entry: string): AllowedHost | null {
  const withPort = WITH_PORT.exec(entry);
  const port = withPort ? Number(withPort[2]) : null;
  if (port !== null && (port < 1 || port > 65535)) return null;
  const hostname = normalizeHost(withPort?.[1] ?? entry);
  return hostname ? { hostname, port } : null;
}

/**
 * Parses the comma-separated OUTBOUND_ALLOW_HOSTS (`host` or `host:port`); throws naming the first
 * entry it cannot read, so a typo stops the start instead of silently allowing nothing.
 */
export function parseAllowHosts(value: string): AllowedHost[] {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.map((entry) => {
    const parsed = parseEntry(entry);
    if (!parsed) throw new Error(`cannot read "${entry}" as host or host:port`);
    return parsed;
  });
}

/** Whether the operator let outbound calls reach this URL's host (and port) whatever it resolves to. */
export function isAllowedHost(url: URL, allowed: readonly AllowedHost[]): boolean {
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const hostname = url.hostname.toLowerCase();
  return allowed.some((entry) => entry.hostname === hostname && (entry.port === null || entry.port === port));
}
