import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { ATTACHMENT_MAX_BYTES, type AttachmentType, type AttachmentUpload } from '@cab/contract/agents';
import { AppError } from '../../../http/errors.js';
import type { FileStore } from '../../../storage/file-store.js';

export interface CheckedAttachment {
  name: string;
  type: AttachmentType;
  bytes: Buffer;
}

const EXTENSION: Record<AttachmentType, string> = { 'application/pdf': 'pdf', 'image/png': 'png', 'image/jpeg': 'jpg' };

/** The file's real type from its first bytes (a name or a declared type proves nothing). */
export function sniffType(bytes: Buffer): AttachmentType | null {
  if (bytes.length >= 5 && bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

/** Decodes and checks an upload: size first (413 attachment_too_large), then type (422 attachment_invalid). */
export function checkAttachment(upload: AttachmentUpload): CheckedAttachment {
  const bytes = Buffer.from(upload.content_base64, 'base64');
  if (bytes.length > ATTACHMENT_MAX_BYTES) {
    throw new AppError('attachment_too_large', { attachment: 'invalid' }, { max: ATTACHMENT_MAX_BYTES / 1024 / 1024 });
  }
  const type = sniffType(bytes);
  if (!type) throw new AppError('attachment_invalid', { attachment: 'invalid' });
  return { name: upload.name, type, bytes };
}

/** Stores the bytes under a key made of ids only; answers the key (the caller removes it if its transaction fails). */
export async function storeAttachment(files: FileStore, agentCompanyId: number, requestId: number, file: CheckedAttachment): Promise<string> {
  const key = `${agentCompanyId}/agent-requests/${requestId}/${randomUUID()}.${EXTENSION[file.type]}`;
  await files.write(key, Readable.from([file.bytes]));
  return key;
}

export function downloadName(requestId: number, fileId: number, type: AttachmentType): string {
  return `request-${requestId}-file-${fileId}.${EXTENSION[type]}`;
}
