import type { FastifyInstance } from 'fastify';
import type { Database, Executor } from '../db/client.js';

/**
 * What every request would otherwise read from the database before its own query: the session's
 * or API token's principal and the company trees of the scope. Each entry lives a few seconds at
 * most and is dropped as soon as the database announces a change it depends on: triggers on users,
 * companies, refresh_tokens and api_tokens NOTIFY `cabinet_invalidate` (migration 0012) on commit,
 * whichever process or job made the change, and every API process hears it
 * (Database.watchInvalidations). The process that made the change hears it before its own write
 * resolves, so its next request never sees the old state. Another process's listener may still be
 * on its way with the message when the writer's client sends its next request there, so on
 * PostgreSQL a hit is used only after one round trip on the listening connection (shared by the
 * hits arriving together) has brought in whatever PostgreSQL had signalled to it: still far cheaper
 * than reading the principal. A miss needs no such trip: its read runs on a pooled connection,
 * which LISTENs too and so brings in the same messages before its answer; either way the company
 * trees used later in the request are as fresh as the request. While the listening connection is down nothing is cached.
 *
 * Messages (payloads): `u:<user id>`, `c:<company id>`, `s:<session family id>`,
 * `t:<api token id>`, `tree` (a company was added, moved, given to an agent or deleted),
 * `sims:<company id>` (a SIM of the company was added, removed or changed as a count sees it;
 * migration 0040), `all`; anything else drops everything.
 */

/** How long a principal is trusted without the database's word that nothing changed. */
const PRINCIPAL_TTL_MS = 15_000;
/** Company trees change rarely (creation, move, deletion) and every change is announced. */
const TREE_TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;
/** Every change of a SIM a count depends on is announced; the limit only bounds a missed message. */
const SIM_COUNT_TTL_MS = 60_000;
/** The tag of a count over every company (root's list): any company's change drops it. */
export const ALL_COMPANIES_SIMS_TAG = 'sims:*';

interface Entry<T> {
  value: T;
  expires: number;
  tags: string[];
}

/** A bounded map with tags: an invalidation message names a tag, and every entry carrying it goes. */
class TaggedCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly byTag = new Map<string, Set<string>>();

  constructor(private readonly max: number) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string, now: number): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= now) {
      this.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, entry: Entry<T>): void {
    this.delete(key);
    if (this.entries.size >= this.max) {
      // The oldest entry goes first (a Map iterates in insertion order).
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.delete(oldest.value);
    }
    this.entries.set(key, entry);
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag) ?? new Set<string>();
      keys.add(key);
      this.byTag.set(tag, keys);
    }
  }

  dropTag(tag: string): void {
    const keys = this.byTag.get(tag);
    if (!keys) return;
    for (const key of [...keys]) this.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.byTag.clear();
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }
}

export interface Cacheable<T> {
  /** Whether the value may be kept (a refusal is never cached), and until when at the latest. */
  keep(value: T): { tags: string[]; until?: number } | null;
}

export class RequestCaches {
  private readonly principals = new TaggedCache<unknown>(MAX_ENTRIES);
  private readonly trees = new TaggedCache<number[]>(MAX_ENTRIES);
  private readonly simCounts = new TaggedCache<unknown>(MAX_ENTRIES);
  /** Bumped by every invalidation: a read that started before one must not be stored after it. */
  private generation = 0;
  private trusted: boolean;

  /**
   * @param caughtUp Null, or what a hit awaits first so that every invalidation committed before it
   *   has been applied (false: that is unknown, and the hit is not used).
   */
  constructor(
    trusted: boolean,
    private readonly caughtUp: (() => Promise<boolean>) | null,
    private readonly now: () => number = Date.now,
  ) {
    this.trusted = trusted;
  }

  /** The principal behind `key` (a session or an API token), from the cache or from `load`. */
  async principal<T>(key: string, load: () => Promise<T | undefined>, policy: Cacheable<T>): Promise<T | undefined> {
    if (this.principals.get(key, this.now()) !== undefined) {
      const hit = !this.caughtUp || (await this.caughtUp()) ? this.principals.get(key, this.now()) : undefined;
      if (hit !== undefined) return hit as T;
    }
    const ticket = this.generation;
    const value = await load();
    if (value === undefined || !this.trusted || ticket !== this.generation) return value;
    const kept = policy.keep(value);
    if (kept) {
      const expires = Math.min(this.now() + PRINCIPAL_TTL_MS, kept.until ?? Number.POSITIVE_INFINITY);
      this.principals.set(key, { value, expires, tags: kept.tags });
    }
    return value;
  }

  /**
   * Like `principal`, but a hit is answered at once, without the listener's catch-up trip: for a
   * route whose handler always reads the database before it answers. Those reads run on pooled
   * connections, which LISTEN too, so once they are back every invalidation committed before the
   * request has been applied here, and `stillCurrent` then tells whether the hit survived them.
   * When it did not, the caller must resolve the principal again before anything is sent.
   */
  async principalConfirmedLater<T>(
    key: string,
    load: () => Promise<T | undefined>,
    policy: Cacheable<T>,
  ): Promise<{ value: T | undefined; stillCurrent: () => boolean }> {
    const hit = this.principals.get(key, this.now());
    if (hit !== undefined) return { value: hit as T, stillCurrent: () => this.principals.get(key, this.now()) === hit };
    return { value: await this.principal(key, load, policy), stillCurrent: () => true };
  }

  /** Company ids of a tree (or an agent's companies), from the cache or from `load`. */
  async tree(key: string, load: () => Promise<number[]>): Promise<number[]> {
    const hit = this.trees.get(key, this.now());
    // A copy: callers own the scope arrays they are given.
    if (hit) return [...hit];
    const ticket = this.generation;
    const ids = await load();
    if (this.trusted && ticket === this.generation) this.trees.set(key, { value: [...ids], expires: this.now() + TREE_TTL_MS, tags: ['tree'] });
    return ids;
  }

  /**
   * A capped count of SIMs (the cards list's), from the cache or from `load`; `tags` name the
   * companies it covers (`sims:<id>`, or ALL_COMPANIES_SIMS_TAG). As `principalConfirmedLater`, a hit
   * is answered at once: the caller reads the database for the same request (its page) and then asks
   * `stillCurrent`, counting again when a change of those SIMs arrived meanwhile.
   */
  async simCount<T>(key: string, tags: string[], load: () => Promise<T>): Promise<{ value: T; stillCurrent: () => boolean }> {
    const hit = this.simCounts.get(key, this.now());
    if (hit !== undefined) return { value: hit as T, stillCurrent: () => this.simCounts.get(key, this.now()) === hit };
    const ticket = this.generation;
    const value = await load();
    if (this.trusted && ticket === this.generation) this.simCounts.set(key, { value, expires: this.now() + SIM_COUNT_TTL_MS, tags });
    return { value, stillCurrent: () => true };
  }

  /** Applies one message of the invalidation channel. */
  invalidate(payload: string): void {
    this.generation += 1;
    if (payload === 'tree') {
      this.trees.clear();
      return;
    }
    if (/^sims:\d{1,20}$/.test(payload)) {
      this.simCounts.dropTag(payload);
      this.simCounts.dropTag(ALL_COMPANIES_SIMS_TAG);
      return;
    }
    if (/^[ucst]:[0-9a-f-]{1,64}$/.test(payload)) {
      this.principals.dropTag(payload);
      return;
    }
    this.clear();
  }

  /** Messages may be missed from now on: forget everything and cache nothing until `resume`. */
  suspend(): void {
    this.trusted = false;
    this.clear();
  }

  resume(): void {
    this.clear();
    this.trusted = true;
  }

  get sizes(): { principals: number; trees: number; simCounts: number } {
    return { principals: this.principals.size, trees: this.trees.size, simCounts: this.simCounts.size };
  }

  private clear(): void {
    this.generation += 1;
    this.principals.clear();
    this.trees.clear();
    this.simCounts.clear();
  }
}

const registry = new WeakMap<object, { caches: RequestCaches; users: number; stop: () => Promise<void> }>();

/** The caches of the database `db` belongs to, when an API on it started them (not inside a transaction). */
export function requestCachesOf(db: Executor): RequestCaches | undefined {
  return registry.get(db)?.caches;
}

/**
 * Starts the caches of `database` (an API process calls this once; a second app on the same
 * database shares them) and answers how to stop them.
 */
export async function startRequestCaches(database: Database): Promise<{ caches: RequestCaches; stop: () => Promise<void> }> {
  const existing = registry.get(database.db);
  if (existing) {
    existing.users += 1;
    return { caches: existing.caches, stop: () => release(database) };
  }
  const caches = new RequestCaches(true, database.invalidationsCaughtUp);
  const unwatch = await database.watchInvalidations({
    message: (payload) => caches.invalidate(payload),
    lost: () => caches.suspend(),
    resumed: () => caches.resume(),
  });
  registry.set(database.db, { caches, users: 1, stop: unwatch });
  return { caches, stop: () => release(database) };
}

async function release(database: Database): Promise<void> {
  const held = registry.get(database.db);
  if (!held) return;
  held.users -= 1;
  if (held.users > 0) return;
  registry.delete(database.db);
  held.caches.suspend();
  await held.stop();
}

/**
 * Starts the caches for an API and stops them with it. An answer to a request whose writes raised
 * invalidations waits (briefly) until this process's listener heard them back, so the client's
 * next request, whichever process takes it, comes after every process was told.
 */
export async function registerRequestCaches(app: FastifyInstance, database: Database): Promise<void> {
  const { stop } = await startRequestCaches(database);
  app.addHook('onClose', () => stop());
  app.addHook('onSend', (_request, _reply, payload, done) => {
    const settled = database.invalidationsSettled();
    if (!settled) {
      done(null, payload);
      return;
    }
    void settled.then(() => done(null, payload));
  });
}
