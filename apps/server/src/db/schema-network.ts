import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/*
 * The real operator network behind the cabinet (issue 24): SIM stock with its keys, RADIUS
 * accounting, SMS over SMPP, and what each network link last reported. Keys and shared secrets are
 * stored sealed (AES-256-GCM); no query result that leaves the server carries them.
 */

/**
 * SIM cards from the SIM vendor's output file. A card is in stock while sim_id is null; completing
 * an order takes cards and sets sim_id to the SIM it became. The HLR is provisioned from here.
 */
export const simStock = pgTable(
  'sim_stock',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    iccid: text('iccid').notNull(),
    imsi: text('imsi').notNull(),
    msisdn: text('msisdn').notNull(),
    /** milenage (K + OPc) | comp128 (KI) */
    auth: text('auth').notNull(),
    /** The keys, sealed with SIM_KEYS_SECRET (AES-256-GCM). */
    keysSealed: text('keys_sealed').notNull(),
    importedAt: createdAt(),
    simId: bigint('sim_id', { mode: 'number' }),
    allocatedAt: timestamp('allocated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sim_stock_iccid_uq').on(t.iccid),
    uniqueIndex('sim_stock_imsi_uq').on(t.imsi),
    uniqueIndex('sim_stock_msisdn_uq').on(t.msisdn),
    uniqueIndex('sim_stock_sim_uq').on(t.simId),
    // Orders take the oldest free cards first; stock levels count them.
    index('sim_stock_free_idx').on(t.id).where(sql`${t.simId} is null`),
  ],
);

/** RADIUS accounting clients (NAS: GGSN/PGW) root added in Tools, each with its own shared secret. */
export const radiusClients = pgTable(
  'radius_clients',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** The NAS's source IP address, as packets arrive from it. */
    address: text('address').notNull(),
    secretSealed: text('secret_sealed').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('radius_clients_address_uq').on(t.address)],
);

/**
 * One data session as RADIUS accounting tells it: Start opens it, Interim-Update grows it, Stop
 * closes it. The key is the NAS and its Acct-Session-Id, so a retransmitted packet changes nothing.
 */
export const radiusSessions = pgTable(
  'radius_sessions',
  {
    nas: text('nas').notNull(),
    acctSessionId: text('acct_session_id').notNull(),
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    simId: bigint('sim_id', { mode: 'number' }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    bytesUp: bigint('bytes_up', { mode: 'number' }).notNull().default(0),
    bytesDown: bigint('bytes_down', { mode: 'number' }).notNull().default(0),
    /** 3GPP-SGSN-MCC-MNC, e.g. 250-01 */
    operator: text('operator'),
    rat: text('rat'),
    /** 3GPP-IMEISV of the device, the latest a packet of the session carried. */
    imei: text('imei'),
  },
  (t) => [primaryKey({ columns: [t.nas, t.acctSessionId] }), index('radius_sessions_sim_idx').on(t.companyId, t.simId, t.startedAt)],
);

/** Packets per NAS (or per unknown source address): accepted, dropped and why, and the last one's time. */
export const radiusNasStats = pgTable('radius_nas_stats', {
  nas: text('nas').primaryKey(),
  accepted: bigint('accepted', { mode: 'number' }).notNull().default(0),
  dropped: bigint('dropped', { mode: 'number' }).notNull().default(0),
  /** Dropped packets by reason: bad_authenticator, unknown_nas, malformed. */
  droppedBy: jsonb('dropped_by').$type<Record<string, number>>().notNull().default({}),
  lastPacketAt: timestamp('last_packet_at', { withTimezone: true }),
});

/** IMSIs RADIUS reported that no SIM has, for root to look into. */
export const radiusUnknownImsis = pgTable('radius_unknown_imsis', {
  imsi: text('imsi').primaryKey(),
  nas: text('nas').notNull(),
  packets: integer('packets').notNull().default(0),
  firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * SMS that left through the SMSC or arrived from it. An outgoing one belongs to the operation (queue
 * item) that sent it; its status follows the SMSC's delivery receipts.
 */
export const smsMessages = pgTable(
  'sms_messages',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    simId: bigint('sim_id', { mode: 'number' }).notNull(),
    /** out | in */
    direction: text('direction').notNull(),
    queueId: bigint('queue_id', { mode: 'number' }),
    /** The other party: the sender of an incoming message, the source address of an outgoing one. */
    peer: text('peer'),
    text: text('text').notNull(),
    /** queued | delivered | failed (out); received (in) */
    status: text('status').notNull(),
    /** The SMSC's message_id from submit_sm_resp, matched by its delivery receipt. */
    smscMessageId: text('smsc_message_id'),
    /** The receipt's stat (DELIVRD, UNDELIV, …) or the submit error. */
    detail: text('detail'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('sms_messages_sim_idx').on(t.companyId, t.simId, t.createdAt),
    // The SMS inbox: a company's messages newest first, by keyset (created_at, id).
    index('sms_messages_time_idx').on(t.companyId, t.createdAt, t.id),
    uniqueIndex('sms_messages_smsc_id_uq').on(t.smscMessageId),
    // One message per SIM and operation, so a retried batch never sends twice.
    uniqueIndex('sms_messages_queue_uq').on(t.companyId, t.queueId, t.simId),
  ],
);

/**
 * What each network link last reported (hlr, smpp, radius): its state, a short detail (round trip,
 * bind address, error) and when, written by the process that holds the link, read by Tools → Network.
 */
export const networkLinks = pgTable('network_links', {
  link: text('link').primaryKey(),
  /** up | down | connecting | off */
  state: text('state').notNull(),
  detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Each reconcile of the HLR with the cabinet: what it found and changed. */
export const hlrReconciles = pgTable('hlr_reconciles', {
  id: serial('id').primaryKey(),
  /** start | tools */
  trigger: text('trigger').notNull(),
  startedAt: createdAt(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  checked: integer('checked').notNull().default(0),
  created: integer('created').notNull().default(0),
  corrected: integer('corrected').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  /** The first changes and failures, each { iccid, imsi, change | reason }. */
  changes: jsonb('changes').$type<Array<Record<string, string>>>().notNull().default([]),
  error: text('error'),
});
