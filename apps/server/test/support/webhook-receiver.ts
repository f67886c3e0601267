import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';

export interface WebhookHit {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A webhook receiver on 127.0.0.1 that records every request and answers 204. */
export async function webhookReceiver(): Promise<{ url: string; hits: WebhookHit[]; close: () => Promise<void> }> {
  const hits: WebhookHit[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      hits.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { url: `http://127.0.0.1:${address.port}`, hits, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** What a receiver checks (README "Webhook notifications"): the HMAC over timestamp and body, and its age. */
export function webhookSignatureValid(secret: string, hit: WebhookHit): boolean {
  const timestamp = String(hit.headers['x-cabinet-timestamp'] ?? '');
  const signature = String(hit.headers['x-cabinet-signature'] ?? '');
  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${hit.body}`).digest('hex')}`;
  if (signature.length !== expected.length || !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) return false;
  return Math.abs(Date.now() / 1000 - Number(timestamp)) <= 300;
}
