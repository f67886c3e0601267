import { isIP } from 'node:net';
import { sql } from 'drizzle-orm';
import type { Sealer } from '../../auth/sealing.js';
import { queryRows, type Db } from '../../db/client.js';

/** How often the listener reads root's NAS clients again, so one added or deleted in Tools takes effect. */
const REFRESH_MS = 10_000;
/** Least time between reads caused by packets from an unknown address (a flood must not hammer the database). */
const UNKNOWN_REFRESH_MS = 1_000;

/** A source address as the cabinet writes it: IPv4-mapped IPv6 as plain IPv4, IPv6 in its short lower-case form. */
export function canonicalAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (isIP(address) === 6) return new URL(`http://[${address}]`).hostname.slice(1, -1);
  return address;
}

const isLoopback = (address: string): boolean => address.startsWith('127.') || address === '::1';

/**
 * The shared secret of each NAS: root's RADIUS clients by source address (secrets sealed at rest,
 * opened here), else RADIUS_SECRET for a client on the loopback. Kept in memory and read again
 * every few seconds; a packet from an address not known yet reads them at once (at most once a second).
 */
export class NasDirectory {
  private secrets = new Map<string, string>();
  private loadedAt = 0;
  private loading: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly sealer: Sealer,
    private readonly loopbackSecret: string | undefined,
    private readonly warn: (message: string) => void,
  ) {}

  /** The secret for a source address, or null when it is no NAS the cabinet knows. */
  secretFor(address: string): string | null {
    return this.secrets.get(address) ?? (this.loopbackSecret && isLoopback(address) ? this.loopbackSecret : null);
  }

  /** Reads the clients again when they are older than REFRESH_MS (or UNKNOWN_REFRESH_MS for an unknown address). */
  async refresh(unknownAddress = false): Promise<void> {
    const age = Date.now() - this.loadedAt;
    if (age < (unknownAddress ? UNKNOWN_REFRESH_MS : REFRESH_MS)) return;
    this.loading ??= this.load().finally(() => {
      this.loading = null;
    });
    await this.loading;
  }

  private async load(): Promise<void> {
    this.loadedAt = Date.now();
    const rows = await queryRows<{ address: string; secret_sealed: string }>(this.db, sql`select address, secret_sealed from radius_clients`);
    const secrets = new Map<string, string>();
    for (const row of rows) {
      try {
        secrets.set(row.address, this.sealer.open(row.secret_sealed));
      } catch {
        // Sealed under another SIM_KEYS_SECRET: that NAS stays unknown until root adds it again.
        this.warn(`RADIUS client ${row.address}: its secret does not open with this SIM_KEYS_SECRET`);
      }
    }
    this.secrets = secrets;
  }
}
