import { z } from 'zod';
import { EmptyBody, Id, UnixSeconds } from './common.js';
import { action, read } from './endpoint.js';

/*
 * RADIUS accounting in Tools (root): the NAS clients (GGSN/PGW) whose packets the cabinet takes,
 * what each sent, and the IMSIs no SIM has. A NAS's shared secret is written once and never
 * answered back: the server keeps it sealed.
 */

export const RADIUS_CLIENTS_MAX = 200;
export const RADIUS_SECRET_MIN = 8;
export const RADIUS_SECRET_MAX = 128;
export const RADIUS_UNKNOWN_IMSIS_MAX = 200;

/** Why packets got no answer; the listener counts each. */
export const RADIUS_DROP_REASONS = ['bad_authenticator', 'unknown_nas', 'malformed', 'unknown_imsi', 'unknown_subscriber'] as const;
export type RadiusDropReason = (typeof RADIUS_DROP_REASONS)[number];

export const RadiusClient = z.object({
  id: Id,
  name: z.string(),
  /** The NAS's source address (IPv4 or IPv6) its packets come from. */
  address: z.string(),
  created: UnixSeconds,
});
export type RadiusClient = z.infer<typeof RadiusClient>;

export const RadiusClientsResult = z.object({ items: z.array(RadiusClient), total: z.number().int() });
export type RadiusClientsResult = z.infer<typeof RadiusClientsResult>;

export const RadiusClientCreateRequest = z.strictObject({
  name: z.string().trim().min(1).max(100),
  address: z.union([z.ipv4(), z.ipv6()]),
  /** Printable ASCII, as NAS configurations take it. */
  secret: z
    .string()
    .min(RADIUS_SECRET_MIN)
    .max(RADIUS_SECRET_MAX)
    .regex(/^[\x21-\x7e]+$/, 'printable characters without spaces'),
});
export type RadiusClientCreateRequest = z.infer<typeof RadiusClientCreateRequest>;

export const RadiusClientDeleteRequest = z.strictObject({ id: Id });

export const RadiusNasStats = z.object({
  nas: z.string(),
  /** The client's name when the address is one root added; null for the loopback or an unknown sender. */
  name: z.string().nullable(),
  accepted: z.number().int(),
  dropped: z.number().int(),
  dropped_by: z.partialRecord(z.enum(RADIUS_DROP_REASONS), z.number().int()),
  last_packet: UnixSeconds.nullable(),
});
export type RadiusNasStats = z.infer<typeof RadiusNasStats>;

export const RadiusLinkState = z.object({
  /** up while a worker listens, down once it stopped. */
  state: z.string(),
  address: z.string().nullable(),
  packets_per_second: z.number().nullable(),
  updated: UnixSeconds,
});

export const RadiusStatsResult = z.object({ items: z.array(RadiusNasStats), link: RadiusLinkState.nullable() });
export type RadiusStatsResult = z.infer<typeof RadiusStatsResult>;

export const RadiusUnknownImsi = z.object({
  imsi: z.string(),
  nas: z.string(),
  packets: z.number().int(),
  first_seen: UnixSeconds,
  last_seen: UnixSeconds,
});
export type RadiusUnknownImsi = z.infer<typeof RadiusUnknownImsi>;

export const RadiusUnknownImsisRequest = z.strictObject({ size: z.number().int().min(1).max(RADIUS_UNKNOWN_IMSIS_MAX).optional() }).nullish();
export const RadiusUnknownImsisResult = z.object({ items: z.array(RadiusUnknownImsi), total: z.number().int() });
export type RadiusUnknownImsisResult = z.infer<typeof RadiusUnknownImsisResult>;

export const RADIUS_API = {
  clients: read('/api/tools/radius/clients', { body: EmptyBody, result: RadiusClientsResult, access: 'tools.use' }),
  clientCreate: action('/api/tools/radius/clients/create', {
    body: RadiusClientCreateRequest,
    result: RadiusClientsResult,
    access: 'tools.use',
    writable: false,
  }),
  clientDelete: action('/api/tools/radius/clients/delete', {
    body: RadiusClientDeleteRequest,
    result: RadiusClientsResult,
    access: 'tools.use',
    writable: false,
  }),
  stats: read('/api/tools/radius/stats', { body: EmptyBody, result: RadiusStatsResult, access: 'tools.use' }),
  unknownImsis: read('/api/tools/radius/unknown_imsis', { body: RadiusUnknownImsisRequest, result: RadiusUnknownImsisResult, access: 'tools.use' }),
} as const;
