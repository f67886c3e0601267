import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH } from '@cab/contract/profile';
import { START_FORM_VALUES, startFormSchema } from './start-form-schema';

function issues(values: Partial<typeof START_FORM_VALUES>) {
  const result = startFormSchema.safeParse({ ...START_FORM_VALUES, ...values }, { error: () => 'passwordShort' });
  return result.success ? null : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
}

describe('the Welcome step form', () => {
  const password = 'x'.repeat(PASSWORD_MIN_LENGTH);

  it('says every problem at once, the mismatch too', () => {
    expect(issues({ repeat: 'y' })).toEqual(['email:required', 'email:email', 'password:passwordShort', 'repeat:mismatch']);
  });

  it('takes a loose e-mail shape and trims it', () => {
    expect(issues({ email: 'name@example', password, repeat: password })).toEqual(['email:email']);
    expect(startFormSchema.parse({ email: ' a@b.co ', password, repeat: password }).email).toBe('a@b.co');
  });
});
