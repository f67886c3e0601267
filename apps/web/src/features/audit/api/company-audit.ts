import { queryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { TOAST_LIFE_MS } from '@cab/contract/constants';
import { COMPANY_AUDIT_API, type CompanyAuditFilter } from '@cab/contract/company-audit';
import { COMPANY_USERS_API } from '@cab/contract/company-users';
import { api, required } from '@/lib/api';
import { fetchFile } from '@/lib/download-file';
import { toastError } from '@/lib/toast-bus';
import { auditExportQuery } from '../model/audit-filter';

export const AUDIT_KEY = ['audit'] as const;
export const AUDIT_PAGE_SIZE = 50;

/** The company's log, newest first, a page at a time by keyset ("Show more" asks for the next). */
export function useCompanyAudit(filter: CompanyAuditFilter, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...AUDIT_KEY, 'list', filter],
    queryFn: async ({ pageParam, signal }) =>
      required(await api.call(COMPANY_AUDIT_API.list, { ...filter, size: AUDIT_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) }, { signal })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    enabled,
  });
}

/** The company's users, for the filter's user choice. */
export const auditUsersQuery = (companyId: number) =>
  queryOptions({
    queryKey: [...AUDIT_KEY, 'users', companyId],
    queryFn: async () => required(await api.call(COMPANY_USERS_API.list, { company_id: companyId })),
  });

/** Downloads the log through the same filter; a refusal (too many rows, a bad range) is shown as the server says it. */
export async function exportCompanyAudit(filter: CompanyAuditFilter, format: 'csv' | 'xlsx'): Promise<boolean> {
  const outcome = await fetchFile(`${COMPANY_AUDIT_API.export.path}?${auditExportQuery(filter, format)}`, `audit-${new Date().toISOString().slice(0, 10)}.${format}`);
  if (!outcome.ok) toastError(outcome.message ?? { key: 'common.cantLoad' }, TOAST_LIFE_MS * 2);
  return outcome.ok;
}
