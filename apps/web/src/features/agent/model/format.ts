const formatter = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' });

/** Integer cents as EUR; `signed` puts an explicit + on credits. */
export function formatCents(cents: number, signed = false): string {
  const text = formatter.format(cents / 100);
  return signed && cents > 0 ? `+${text}` : text;
}

/** Basis points as a percent: 1250 → "12.5 %". */
export function formatRate(bp: number): string {
  return `${(bp / 100).toLocaleString('en-GB', { maximumFractionDigits: 2 })} %`;
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
