import { describe, expect, it } from 'vitest';
import { createSealer } from './sealing.js';

describe('createSealer', () => {
  const sealer = createSealer('a secret of at least thirty-two characters');

  it('opens what it sealed, and never shows the plain text in the sealed value', () => {
    const sealed = sealer.seal('000102030405060708090A0B0C0D0E0F');
    expect(sealed).not.toContain('000102030405060708090A0B0C0D0E0F');
    expect(sealer.open(sealed)).toBe('000102030405060708090A0B0C0D0E0F');
    expect(sealer.seal('same')).not.toBe(sealer.seal('same'));
  });

  it('refuses a value sealed under another secret or altered', () => {
    const sealed = sealer.seal('key');
    expect(() => createSealer('another secret of thirty-two characters!').open(sealed)).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('kez').toString('base64url');
    expect(() => sealer.open(parts.join('.'))).toThrow();
    expect(() => sealer.open('plain text')).toThrow();
  });
});
