import { CABINET_VERSION } from '@cab/contract/constants';
import type { VersionState } from '@cab/contract/content';
import type { Principal } from '../../../auth/principal.js';
import type { Db, Executor } from '../../../db/client.js';
import type { EventBus } from '../../../realtime/bus.js';
import { auditActor, insertAudit } from '../../platform/audit/index.js';
import { findMinimumVersion, saveMinimumVersion } from './repository.js';

/** The least cabinet version allowed to run; until root sets one, the version this server was built with. */
export async function minimumCabinetVersion(db: Executor): Promise<number> {
  const stored = await findMinimumVersion(db);
  const value = stored !== undefined ? Number(stored) : NaN;
  return Number.isInteger(value) && value > 0 ? value : CABINET_VERSION;
}

/**
 * Whether a cabinet of this version must be reloaded. Root is held only to the built version: root is
 * who lowers a minimum set too high, so root's own cabinet must stay usable.
 */
export async function isUpdateRequired(db: Executor, clientVersion: number, isRoot: boolean): Promise<boolean> {
  const minimum = isRoot ? CABINET_VERSION : await minimumCabinetVersion(db);
  return clientVersion < minimum;
}

export class VersionService {
  constructor(private readonly deps: { db: Db; bus: EventBus }) {}

  async get(): Promise<VersionState> {
    return { min_version: await minimumCabinetVersion(this.deps.db), build_version: CABINET_VERSION };
  }

  /** Every open cabinet re-reads its user data at once; those below the minimum show the update dialog. */
  async set(principal: Principal, minVersion: number): Promise<VersionState> {
    await this.deps.db.transaction(async (tx) => {
      const before = await minimumCabinetVersion(tx);
      await saveMinimumVersion(tx, minVersion);
      await insertAudit(tx, { ...auditActor(principal), action: 'cabinet_version_set', details: { before, after: minVersion } });
    });
    await this.deps.bus.publish({}, { type: 'portal_update', data: {} });
    return this.get();
  }
}
