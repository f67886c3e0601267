import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { NEWS_IMAGE_FILE_PATTERN, NEWS_IMAGE_MAX_BYTES, NEWS_IMAGE_TYPES, type NewsImageType } from '@cab/contract/content';
import { newsImageUrl } from '@cab/contract/news';
import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import type { FileStore } from '../../../storage/file-store.js';
import { auditActor, insertAudit } from '../../platform/audit/index.js';
import * as repo from './repository.js';

const EXT: Record<NewsImageType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' };

/** What the first bytes say the file is; a declared type is never trusted alone. */
export function sniffImageType(bytes: Buffer): NewsImageType | null {
  const starts = (signature: number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (bytes.subarray(0, 6).toString('latin1') === 'GIF87a' || bytes.subarray(0, 6).toString('latin1') === 'GIF89a') return 'image/gif';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return null;
}

export const storageKeyOf = (file: string): string => `news/${file}`;

/**
 * Stores an uploaded news image: the declared type must be an allowed one and match the file's
 * magic bytes, and it may not pass the size limit. The file is written before its row, so a row
 * never names a missing file; a failed row insert removes the file again.
 */
export async function storeNewsImage(
  deps: { db: Db; files: FileStore },
  principal: Principal,
  declaredType: string,
  body: Buffer,
): Promise<{ file: string; url: string }> {
  if (body.length > NEWS_IMAGE_MAX_BYTES) throw new AppError('image_too_large');
  const declared = NEWS_IMAGE_TYPES.find((type) => type === declaredType.split(';')[0]?.trim().toLowerCase());
  const sniffed = sniffImageType(body);
  if (!declared || !sniffed || declared !== sniffed) throw new AppError('image_invalid');
  const id = randomUUID();
  const ext = EXT[sniffed];
  const file = `${id}.${ext}`;
  const key = storageKeyOf(file);
  await deps.files.write(key, Readable.from([body]));
  try {
    await deps.db.transaction(async (tx) => {
      await repo.insertNewsImage(tx, { id, ext, mime: sniffed, bytes: body.length, authorId: principal.userId });
      await insertAudit(tx, { ...auditActor(principal), action: 'news_image_upload', details: { file, bytes: body.length, type: sniffed } });
    });
  } catch (error) {
    await deps.files.remove(key);
    throw error;
  }
  return { file, url: newsImageUrl(file) };
}

/** An uploaded image's type and stream, or null (unknown, malformed or missing name). */
export async function openNewsImage(deps: { db: Db; files: FileStore }, file: string) {
  if (!NEWS_IMAGE_FILE_PATTERN.test(file)) return null;
  const [id, ext] = file.split('.');
  if (!id || !ext) return null;
  const row = await repo.findNewsImage(deps.db, id);
  if (!row || row.ext !== ext) return null;
  const stream = await deps.files.read(storageKeyOf(file));
  return stream ? { mime: row.mime, bytes: row.bytes, stream } : null;
}

/** An image a news item names must be one that was uploaded. */
export async function checkImageFile(db: Db, file: string | null | undefined): Promise<string | null> {
  if (!file) return null;
  const [id, ext] = file.split('.');
  const row = id ? await repo.findNewsImage(db, id) : undefined;
  if (!row || row.ext !== ext) throw new AppError('validation_failed', { image_file: 'invalid' });
  return file;
}
