import type { LookupAddress, LookupOptions } from 'node:dns';
// Called through the module object, so a test can stand in for the system resolver.
import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isAllowedHost, type AllowedHost } from './outbound-allow.js';
import { isLocalName, isPublicAddress } from './outbound-address.js';

/**
 * The one way the cabinet makes an HTTP call a user can aim (webhooks) or an operator configures
 * (Telegram, WhatsApp): every request resolves its host, refuses it unless every address is public
 * (or the operator allow-listed the host), connects to the very address it checked — so a DNS answer
 * that changes between check and connect (rebinding) cannot slip through — and follows no redirect.
 */

export interface OutboundPolicy {
  /** OUTBOUND_ALLOW_HOSTS: hosts reached whatever they resolve to (local receivers, on-premise APIs). */
  allowHosts: readonly AllowedHost[];
}

/**
 * Why an outbound call failed, as the delivery log keeps it: a fixed code, never a response body or
 * a socket error text (those would tell an admin which internal ports answer and what speaks there).
 */
export type OutboundFailure = 'refused_address' | 'timeout' | 'connection_failed';

export class OutboundError extends Error {
  constructor(readonly reason: OutboundFailure) {
    super(reason);
  }
}

export interface OutboundAnswer {
  status: number;
  /** At most READ_LIMIT_BYTES of the body, for a caller that must read the answer (Telegram's ok flag). */
  text: string;
}

const READ_LIMIT_BYTES = 16 * 1024;

/** The addresses to connect to: all of the host's addresses, each of which passed the check. */
export async function resolveOutbound(url: URL, policy: OutboundPolicy): Promise<LookupAddress[]> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundError('refused_address');
  if (url.username || url.password) throw new OutboundError('refused_address');
  const allowed = isAllowedHost(url, policy.allowHosts);
  if (!allowed && isLocalName(url.hostname)) throw new OutboundError('refused_address');
  let addresses: LookupAddress[];
  try {
    addresses = await dns.lookup(url.hostname.replace(/^\[|\]$/g, ''), { all: true, verbatim: true });
  } catch {
    throw new OutboundError('connection_failed');
  }
  if (addresses.length === 0) throw new OutboundError('connection_failed');
  // One private address among public ones is refused too: the connection could land on any of them.
  if (!allowed && !addresses.every((a) => isPublicAddress(a.address))) throw new OutboundError('refused_address');
  return addresses;
}

/**
 * A lookup that answers only the checked addresses, whatever the resolver would say now (all of them
 * when the socket asks for all, to try each family in turn; else the first).
 */
function pinnedLookup(pinned: LookupAddress[]) {
  return (
    _hostname: string,
    options: LookupOptions,
    callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ): void => {
    const [first] = pinned;
    if (options.all || !first) callback(null, pinned);
    else callback(null, first.address, first.family);
  };
}

interface OutboundRequest {
  method: 'GET' | 'POST';
  body: string | null;
  headers: Record<string, string>;
  readLimitBytes: number;
}

function send(url: URL, pinned: LookupAddress[], outbound: OutboundRequest, signal: AbortSignal) {
  return new Promise<OutboundAnswer & { headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const transport = url.protocol === 'https:' ? https : http;
    const { body, readLimitBytes } = outbound;
    const request = transport.request(url, {
      method: outbound.method,
      headers: body === null ? outbound.headers : { ...outbound.headers, 'content-length': String(Buffer.byteLength(body)) },
      lookup: pinnedLookup(pinned),
      // No pooled socket: each request connects to the address it checked itself.
      agent: false,
      signal,
    });
    request.on('error', reject);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), headers: response.headers });
      response.on('data', (chunk: Buffer) => {
        if (size >= readLimitBytes) return;
        chunks.push(chunk);
        size += chunk.byteLength;
        if (size >= readLimitBytes) {
          finish();
          response.destroy();
        }
      });
      response.on('end', finish);
      response.on('error', reject);
    });
    request.end(body ?? undefined);
  });
}

/** Sends one request within `timeoutMs` (name resolution included) to an address that passed the check. */
async function guardedRequest(url: string, outbound: OutboundRequest, options: { timeoutMs: number; policy: OutboundPolicy }) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  const timedOut = new Promise<never>((_, reject) =>
    controller.signal.addEventListener('abort', () => reject(new OutboundError('timeout')), { once: true }),
  );
  timedOut.catch(() => undefined);
  try {
    const target = URL.canParse(url) ? new URL(url) : null;
    if (!target) throw new OutboundError('refused_address');
    const pinned = await Promise.race([resolveOutbound(target, options.policy), timedOut]);
    return await Promise.race([send(target, pinned, outbound, controller.signal), timedOut]);
  } catch (error) {
    if (error instanceof OutboundError) throw error;
    throw new OutboundError(controller.signal.aborted ? 'timeout' : 'connection_failed');
  } finally {
    clearTimeout(timer);
  }
}

/**
 * POSTs `body` within `timeoutMs` (name resolution included) and answers the status and the start of
 * the body; redirects are answers like any other (a 3xx is not 2xx), never followed.
 */
export async function guardedPost(
  url: string,
  body: string,
  options: { headers: Record<string, string>; timeoutMs: number; policy: OutboundPolicy },
): Promise<OutboundAnswer> {
  const { status, text } = await guardedRequest(url, { method: 'POST', body, headers: options.headers, readLimitBytes: READ_LIMIT_BYTES }, options);
  return { status, text };
}

/** The most of an answer a fetch reads: an OpenID configuration or key set, not a download. */
const FETCH_READ_LIMIT_BYTES = 256 * 1024;

/**
 * A `fetch` through the guard, for a library that makes its own calls (openid-client): GET or POST,
 * the answer's body read up to FETCH_READ_LIMIT_BYTES, redirects answered as they are.
 */
export function guardedFetch(options: { timeoutMs: number; policy: OutboundPolicy }) {
  return async (url: string, init: { method?: string; headers?: HeadersInit; body?: unknown }): Promise<Response> => {
    const method = init.method === 'POST' ? 'POST' : 'GET';
    // openid-client sends form bodies as URLSearchParams, JSON as a string; nothing else is sent.
    const body = init.body instanceof URLSearchParams ? init.body.toString() : typeof init.body === 'string' ? init.body : null;
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const answer = await guardedRequest(url, { method, body, headers, readLimitBytes: FETCH_READ_LIMIT_BYTES }, options);
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (typeof value === 'string') responseHeaders.set(name, value);
      else if (Array.isArray(value)) for (const each of value) responseHeaders.append(name, each);
    }
    return new Response(answer.status === 204 || answer.status === 304 ? null : answer.text, { status: answer.status, headers: responseHeaders });
  };
}
