/** A non-200 answer of the API; `message` is already localized by the server. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null,
    readonly fields: Record<string, string> | null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface ErrorBodyShape {
  message?: unknown;
  code?: unknown;
  fields?: unknown;
}

export async function readApiError(response: Response): Promise<ApiError> {
  let body: ErrorBodyShape = {};
  try {
    const parsed: unknown = await response.json();
    if (typeof parsed === 'object' && parsed !== null) body = parsed;
  } catch {
    // Not JSON (a proxy page, an empty body): fall back to the generic message.
  }
  const code = typeof body.code === 'string' ? body.code : null;
  // Only the API's own error bodies (they always carry a code) hold a localized message: a proxy's or
  // framework's text ("Internal Server Error") is never shown; callers fall back to the generic one.
  const message = code !== null && typeof body.message === 'string' ? body.message : '';
  const fields = isStringRecord(body.fields) ? body.fields : null;
  return new ApiError(response.status, message, code, fields);
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && Object.values(value).every((v) => typeof v === 'string');
}
