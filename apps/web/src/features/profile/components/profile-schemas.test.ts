import { describe, expect, it } from 'vitest';
import { EMPTY_PASSWORD_FORM, fieldErrorKey, passwordFormSchema, profileFormSchema } from './profile-schemas';

function passwordIssues(values: Partial<typeof EMPTY_PASSWORD_FORM>) {
  const result = passwordFormSchema.safeParse({ ...EMPTY_PASSWORD_FORM, ...values }, { error: fieldErrorKey });
  return result.success ? null : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
}

describe('password form', () => {
  it('accepts matching passwords', () => {
    expect(
      passwordIssues({ current_password: 'old', new_password: 'new-password', repeat_password: 'new-password' }),
    ).toBeNull();
  });

  it('flags a repeat that does not match on the repeat field', () => {
    expect(
      passwordIssues({ current_password: 'old', new_password: 'new-password', repeat_password: 'new-passwort' }),
    ).toEqual(['repeat_password:mismatch']);
  });

  it('flags the mismatch even while another field is still invalid', () => {
    expect(passwordIssues({ current_password: '', new_password: 'new-password', repeat_password: 'x' })).toEqual([
      'current_password:required',
      'repeat_password:mismatch',
    ]);
  });

  it('needs the contract’s minimum length for the new password', () => {
    expect(passwordIssues({ current_password: 'old', new_password: 'short', repeat_password: 'short' })).toEqual([
      'new_password:tooShort',
    ]);
  });
});

describe('profile form', () => {
  const base = { first_name: 'Anna', last_name: 'Adminova', phone: '', lang: 'en' as const };

  it('sends an empty phone as null and trims', () => {
    expect(profileFormSchema.parse({ ...base, first_name: ' Anna ', phone: ' ' })).toEqual({ ...base, phone: null });
    expect(profileFormSchema.parse({ ...base, phone: '+79990001122' }).phone).toBe('+79990001122');
  });

  it('rejects a phone outside the international format', () => {
    const result = profileFormSchema.safeParse({ ...base, phone: '89990001122' }, { error: fieldErrorKey });
    expect(result.error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`)).toEqual(['phone:invalid']);
  });
});
