import { AUDIT_ACTIONS, AUDIT_RANGE_MAX_DAYS, type CompanyAuditFilter } from '@cab/contract/company-audit';
import { exportQuery } from '@/lib/download-file';
import { dayRangeProblem } from '@/lib/iso-day';
import { id, isoDay, oneOf, urlState } from '@/lib/url-state';

/** The audit log's filter in the URL (lib/url-state): a link to /audit?user=… opens one user's rows. */
export const AUDIT_URL = urlState({
  user: id,
  action: oneOf(AUDIT_ACTIONS),
  from: isoDay,
  to: isoDay,
});

export type AuditUrlState = ReturnType<typeof AUDIT_URL.parse>;

/** Why the filter cannot be asked as it is; null when it can. */
export const auditFilterProblem = (state: AuditUrlState) => dayRangeProblem(state.from, state.to, AUDIT_RANGE_MAX_DAYS);

/** The API's filter: only what is set (an unset range is the server's last 30 days). */
export function toAuditFilter(state: AuditUrlState): CompanyAuditFilter {
  return {
    ...(state.user ? { user: state.user } : {}),
    ...(state.action ? { action: state.action } : {}),
    ...(state.from ? { from: state.from } : {}),
    ...(state.to ? { to: state.to } : {}),
  };
}

export const auditExportQuery = (filter: CompanyAuditFilter, format: 'csv' | 'xlsx'): string => exportQuery(filter, format);

/** Browsers by the token that names them, the most specific first (Edge's agent also says Chrome). */
const BROWSERS: Array<[string, RegExp]> = [
  ['Edge', /Edg\/(\d+)/],
  ['Firefox', /Firefox\/(\d+)/],
  ['Chrome', /Chrom(?:e|ium)\/(\d+)/],
  ['Safari', /Version\/(\d+).*Safari/],
];
const SYSTEMS: Array<[string, RegExp]> = [
  ['Windows', /Windows/],
  ['Android', /Android/],
  ['iOS', /iPhone|iPad/],
  ['macOS', /Mac OS X/],
  ['Linux', /Linux/],
];

/**
 * A user-agent as a person names it ("Chrome 156 · Windows"); the whole string stays in the cell's
 * title and the export. Other clients (curl, SDKs) keep their first word.
 */
export function describeUserAgent(agent: string | null): string | null {
  if (!agent) return null;
  for (const [name, pattern] of BROWSERS) {
    const version = pattern.exec(agent)?.[1];
    if (version === undefined) continue;
    const system = SYSTEMS.find(([, test]) => test.test(agent))?.[0];
    return system ? `${name} ${version} · ${system}` : `${name} ${version}`;
  }
  return agent.split(/[\s/]/)[0] || agent;
}
