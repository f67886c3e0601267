import { formatDecimal } from '@/lib/format-count';

/** Basis points as a percent in the reader's language: 1250 → "12.5 %" (en), "12,5 %" (ru). */
export function formatRate(bp: number, lang: string): string {
  return `${formatDecimal(bp / 100, lang, 2)} %`;
}

/** The referral link of a code, on this cabinet's own address. */
export function referralLink(code: string): string {
  return `${window.location.origin}/register?ref=${encodeURIComponent(code)}`;
}

/** A file read as base64 (without the data: prefix), for an attachment upload. */
export function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const text = typeof reader.result === 'string' ? reader.result : '';
      resolve(text.slice(text.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}
