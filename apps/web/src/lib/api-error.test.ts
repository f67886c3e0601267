import { describe, expect, it } from 'vitest';
import { readApiError } from './api-error';

describe('readApiError', () => {
  it("keeps the API's localized message (its bodies carry a code)", async () => {
    const error = await readApiError(Response.json({ message: 'Не найдено', code: 'not_found' }, { status: 404 }));
    expect(error).toMatchObject({ status: 404, message: 'Не найдено', code: 'not_found' });
  });

  it('never passes on a framework or proxy text such as "Internal Server Error"', async () => {
    const raw = { statusCode: 500, error: 'Internal Server Error', message: 'Internal Server Error' };
    const error = await readApiError(Response.json(raw, { status: 500 }));
    expect(error.message).toBe('');
    expect(error.code).toBeNull();
  });
});
