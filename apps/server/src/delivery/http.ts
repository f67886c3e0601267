import { guardedPost, OutboundError, type OutboundPolicy } from './outbound-guard.js';

/**
 * Why one delivery attempt failed; `permanent` failures are not retried (e.g. missing settings).
 * The message is what the delivery log shows the company's admins: a fixed reason (`timeout`,
 * `refused_address`, `connection_failed`, `http_<status>`, …), never a response body or socket error.
 */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly responseStatus: number | null = null,
    readonly permanent = false,
  ) {
    super(message);
  }
}

export interface DeliveryResult {
  responseStatus: number | null;
}

/**
 * POSTs JSON through the outbound guard; a non-2xx answer or a failure becomes a DeliveryError.
 * A refused address is permanent: the policy will not change between retries.
 */
export async function postJson(
  url: string,
  body: string,
  options: { headers?: Record<string, string>; timeoutMs: number; policy: OutboundPolicy },
): Promise<{ status: number; text: string }> {
  let answer: { status: number; text: string };
  try {
    answer = await guardedPost(url, body, {
      headers: { 'content-type': 'application/json', ...options.headers },
      timeoutMs: options.timeoutMs,
      policy: options.policy,
    });
  } catch (error) {
    if (!(error instanceof OutboundError)) throw new DeliveryError('connection_failed');
    throw new DeliveryError(error.reason, null, error.reason === 'refused_address');
  }
  if (answer.status < 200 || answer.status >= 300) throw new DeliveryError(`http_${answer.status}`, answer.status);
  return answer;
}
