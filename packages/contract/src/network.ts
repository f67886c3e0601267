import { z } from 'zod';
import { EmptyBody } from './common.js';
import { action, read } from './endpoint.js';

/** Which network the cabinet runs against (NETWORK_ADAPTER). */
export const NETWORK_ADAPTERS = ['simulator', 'osmo-hlr'] as const;

/** A CTRL connection's state as the answering process holds it. */
export const HLR_LINK_STATES = ['idle', 'connecting', 'open', 'down', 'closed'] as const;

export const HlrStatus = z.object({
  /** host:port of the HLR's CTRL interface. */
  address: z.string(),
  state: z.enum(HLR_LINK_STATES),
  /** One CTRL request's round trip just now; null when it got no answer. */
  round_trip_ms: z.number().nullable(),
  error: z.string().nullable(),
});

export const ReconcileReport = z.object({
  id: z.number().int(),
  /** start | tools */
  trigger: z.string(),
  started: z.number().int(),
  /** Null while it runs. */
  finished: z.number().int().nullable(),
  checked: z.number().int(),
  created: z.number().int(),
  corrected: z.number().int(),
  failed: z.number().int(),
  /** The first changes and failures (up to 100): ICCID, IMSI and the change or the failure reason. */
  changes: z.array(z.object({ iccid: z.string(), imsi: z.string(), change: z.string().optional(), reason: z.string().optional() })),
  error: z.string().nullable(),
});
export type ReconcileReport = z.infer<typeof ReconcileReport>;

/** What a network link (smpp, radius) last reported, written by the process that holds it. */
export const NetworkLinkStatus = z.object({
  link: z.string(),
  state: z.string(),
  detail: z.record(z.string(), z.unknown()),
  updated: z.number().int(),
});

export const NetworkStatusResult = z.object({
  adapter: z.enum(NETWORK_ADAPTERS),
  /** Null under the simulator. */
  hlr: HlrStatus.nullable(),
  reconcile: ReconcileReport.nullable(),
  links: z.array(NetworkLinkStatus),
});
export type NetworkStatusResult = z.infer<typeof NetworkStatusResult>;

export const ReconcileStartResult = z.object({
  /** False when one was already waiting to run: this call added nothing. */
  queued: z.boolean(),
});

/** Root's Tools → Network: the network behind the cabinet and its links (issue 24). */
export const NETWORK_API = {
  status: read('/api/network/status', { body: EmptyBody, result: NetworkStatusResult, access: 'tools.use' }),
  reconcile: action('/api/network/reconcile', { body: EmptyBody, result: ReconcileStartResult, access: 'tools.use', writable: false }),
} as const;
