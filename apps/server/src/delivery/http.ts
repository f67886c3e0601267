/** Why one delivery attempt failed; `permanent` failures are not retried (e.g. missing settings). */
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

/** Response bodies are only kept as a short excerpt in the delivery log. */
const EXCERPT_CHARS = 300;
const READ_LIMIT_BYTES = 16 * 1024;

async function readExcerpt(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size >= READ_LIMIT_BYTES) {
      await reader.cancel();
      break;
    }
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_CHARS ? `${flat.slice(0, EXCERPT_CHARS)}…` : flat;
}

/** POSTs JSON with a time limit; a non-2xx answer or a network failure becomes a DeliveryError. */
export async function postJson(
  url: string,
  body: string,
  options: { headers?: Record<string, string>; timeoutMs: number },
): Promise<{ status: number; text: string }> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...options.headers },
      body,
      // A receiver must answer itself: following redirects would resend the signed body elsewhere.
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    const reason =
      error instanceof Error && error.name === 'TimeoutError'
        ? `no answer within ${options.timeoutMs} ms`
        : describeFetchError(error);
    throw new DeliveryError(reason);
  }
  const text = await readExcerpt(response).catch(() => '');
  if (response.status < 200 || response.status >= 300) {
    throw new DeliveryError(`HTTP ${response.status}${text ? `: ${excerpt(text)}` : ''}`, response.status);
  }
  return { status: response.status, text };
}

function describeFetchError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}
