import { deflateSync } from 'node:zlib';
import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { sharedSession, USERS } from './auth.js';
import { finishTransitions } from './axe.js';

/** Root's call to a content tool through the API (setup and clean-up around the UI under test). */
export async function rootCall(request: APIRequestContext, path: string, data: unknown): Promise<unknown> {
  const root = await sharedSession(request, USERS.root);
  const response = await request.post(path, { headers: { Authorization: `Bearer ${root.token}` }, data });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { result: unknown }).result;
}

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG (a two-colour banner picture) made here, so the browser can decode and show it. */
export function makePng(width = 240, height = 120): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const stripe = (x + y) % 60 < 30;
      row.set(stripe ? [79, 70, 229] : [224, 231, 255], 1 + x * 3);
    }
    rows.push(row);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

/** Serious and critical axe-core findings on the page as it is now (rule id: first offending node). */
export async function seriousAxeFindings(page: import('@playwright/test').Page, selector = '#main'): Promise<string[]> {
  const { createRequire } = await import('node:module');
  const { readFile } = await import('node:fs/promises');
  // Evaluated through the debugger protocol: the app's CSP (script-src 'self') refuses an added inline script.
  const source = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(source);
  await finishTransitions(page);
  // Only what this feature draws (the page's main area, or its dialog); the shell has its own checks.
  return page.evaluate(async (include) => {
    const axe = (window as unknown as { axe: { run: (context: { include: string[][] }) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const result = await axe.run({ include: [[include]] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${JSON.stringify(v.nodes[0]?.target ?? [])}`);
  }, selector);
}
