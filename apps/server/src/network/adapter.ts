import type { SimProfile } from '@cab/contract/constants';

/**
 * The operator network as domain code sees it. The simulator implements it by default; a real
 * operator adapter would implement the same calls over the operator's HTTP API.
 */

export const NETWORK_OPERATIONS = [
  'block',
  'unblock',
  'disconnect',
  'reconnect',
  'ping',
  'sms',
  'global_unblock',
  'set_limit',
  'get_limit',
  'transfer',
  'tariff_package',
  'package_reconnect',
  'balance',
  'group',
] as const;
export type NetworkOperation = (typeof NETWORK_OPERATIONS)[number];

export interface SimRef {
  companyId: number;
  simId: number;
  iccid: string;
  msisdn: string;
  profile: SimProfile;
  /** The subscriber identity in the HLR; absent for SIMs that came from no stock file. */
  imsi?: string | null;
}

/** Parameters of an operation; which keys apply depends on the operation. */
export interface OperationParams {
  text?: string;
  limitMb?: number;
  repeat?: number;
  amountCents?: number;
  packageName?: string;
  targetCompanyId?: number;
  groupId?: number;
  groupAction?: 'add' | 'remove';
  /** Block and unblock: which block type is set or lifted (default voluntary); only the billing engine sets financial. */
  blockType?: 'financial';
  /** IMEI lock (the cabinet's own operation): the IMEI to lock to, absent for each SIM's last one; whether another IMEI blocks. */
  imei?: string;
  imeiBlock?: boolean;
}

export interface OperationRequest {
  operation: NetworkOperation;
  params: OperationParams;
  sims: SimRef[];
  /**
   * Per-SIM idempotency key prefix (a queue item's id): the network applies an operation at most
   * once per (prefix, SIM), and answers a repeated request with the first result.
   */
  idempotencyPrefix: string;
}

export type OperationOutcome =
  | { simId: number; ok: true; value?: string | number | null }
  | { simId: number; ok: false; reason: string };

export interface NetworkState {
  simId: number;
  online: boolean;
  lastSeenAt: Date | null;
  imei: string | null;
  cell: string | null;
  rat: string | null;
  sessionStartedAt: Date | null;
  /** Serving network (MCC-MNC) as RADIUS accounting last reported it. */
  operator?: string | null;
  /** What the HLR holds for the SIM (osmo-hlr adapter); null when it could not be asked. */
  hlr?: HlrSubscriberView | null;
}

export interface HlrSubscriberView {
  /** The HLR knows the subscriber at all. */
  provisioned: boolean;
  attached: boolean;
  /** Serving VLR (voice, SMS) and SGSN (data) numbers of an attached subscriber. */
  vlrNumber: string | null;
  sgsnNumber: string | null;
  psEnabled: boolean;
  csEnabled: boolean;
}

export interface NetworkAdapter {
  /** Runs one operation on many SIMs; one outcome per SIM, in any order. */
  execute(request: OperationRequest): Promise<OperationOutcome[]>;
  /** The live network state of one SIM. */
  getState(sim: SimRef): Promise<NetworkState>;
}
