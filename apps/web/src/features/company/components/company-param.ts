/** `my` is the caller's own company; anything but a positive integer is not a company. */
export function parseCompanyParam(param: string | undefined): number | undefined | null {
  if (param === undefined || param === 'my') return undefined;
  return /^[1-9]\d{0,15}$/.test(param) ? Number(param) : null;
}
