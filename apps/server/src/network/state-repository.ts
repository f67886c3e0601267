import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { simNetworkState } from '../db/schema-sims.js';
import type { NetworkState } from './adapter.js';

/**
 * What the network last told of a SIM (sim_network_state), whichever element told it: the
 * simulator, or RADIUS accounting under a real network. An unknown SIM is offline and unseen.
 */
export async function readNetworkState(db: Executor, companyId: number, simId: number): Promise<NetworkState> {
  const [row] = await db
    .select({
      online: simNetworkState.online,
      lastSeenAt: simNetworkState.lastSeenAt,
      imei: simNetworkState.imei,
      cell: simNetworkState.cell,
      rat: simNetworkState.rat,
      operator: simNetworkState.operator,
      sessionStartedAt: simNetworkState.sessionStartedAt,
    })
    .from(simNetworkState)
    .where(and(eq(simNetworkState.companyId, companyId), eq(simNetworkState.simId, simId)));
  return row
    ? { simId, ...row }
    : { simId, online: false, lastSeenAt: null, imei: null, cell: null, rat: null, operator: null, sessionStartedAt: null };
}
