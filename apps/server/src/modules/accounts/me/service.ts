import type { Lang } from '@cab/contract/constants';
import type { MeResult } from '@cab/contract/me';
import { ROLES } from '@cab/contract/roles';
import { hasPermission, type Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { DEFAULT_ROLE_TITLE, ROLE_TITLES } from '../../../http/messages.js';
import { resolveCompanyScope } from '../companies/index.js';
import * as repo from './repository.js';
import { countKeptSims } from '../../sims/list/index.js';
import { bannerForUser } from '../../content/banner/index.js';
import { isUpdateRequired } from '../../content/version/index.js';
import { centsToEur } from '../../../formats/money.js';

/** The current user's data of spec §3/§7: user, company, news flag, update flag, SIM count. */
export async function getMe(db: Db, principal: Principal, clientVersion: number, lang: Lang): Promise<MeResult> {
  const me = await repo.findMe(db, principal.userId);
  if (!me) throw new AppError('unauthorized');
  const [showNews, simCount, banner, update] = await Promise.all([
    repo.hasUnseenNews(db, me.newsSeenAt),
    // Root and agents work with other companies' SIMs; the empty-SIM dialog is about what one can see.
    // From the kept per-company counts: counting a 300k-SIM company's rows took 20–40 ms of every page load.
    resolveCompanyScope(db, principal, undefined, false).then((scope) => countKeptSims(db, scope)),
    // The operator's header banner (Tools → Header banner); a balance problem is told by the dialog and on home, once.
    bannerForUser(db, { userId: me.id, companyId: me.companyId }, lang),
    isUpdateRequired(db, clientVersion, hasPermission(principal, 'companies.all')),
  ]);
  // An API token answers as what it may do (roles.ts API_TOKEN_PERMISSIONS: a manager), not as its creator.
  const role = principal.kind === 'api_token' ? principal.role : (ROLES.find((r) => r === me.role) ?? 'viewer');
  const roleTitle = (ROLE_TITLES[role] ?? DEFAULT_ROLE_TITLE)[lang];

  return {
    user: {
      id: me.id,
      first_name: me.firstName,
      last_name: me.lastName,
      email: me.email,
      role,
      role_title: roleTitle,
      company_block: me.companyBlocked,
      message: banner,
    },
    company: {
      id: me.companyId,
      name: me.companyName,
      balance: centsToEur(me.balanceCents),
      billing_type: me.billingType,
      contract: me.contract,
      balance_problem: me.balanceProblem,
    },
    news: { show: showNews },
    update,
    sim_count: simCount,
  };
}
