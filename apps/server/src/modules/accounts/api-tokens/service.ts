import {
  API_TOKENS_LIMIT,
  type ApiToken,
  type ApiTokenCreateResult,
  type ApiTokensListResult,
} from '@cab/contract/api-tokens';
import { newApiTokenSecret } from '../../../auth/api-token.js';
import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { auditActor, insertAudit } from '../../platform/audit/index.js';
import * as repo from './repository.js';

/** Tokens belong to the caller's own company; root manages its own company's tokens the same way. */
export async function listTokens(db: Db, principal: Principal): Promise<ApiTokensListResult> {
  const items: ApiToken[] = await repo.listActiveTokens(db, principal.companyId, API_TOKENS_LIMIT);
  return { items, total: items.length };
}

export async function createToken(db: Db, principal: Principal, name: string): Promise<ApiTokenCreateResult> {
  if ((await repo.countActiveTokens(db, principal.companyId)) >= API_TOKENS_LIMIT) throw new AppError('conflict');
  const { secret, hash, prefix } = newApiTokenSecret();
  const id = await db.transaction(async (tx) => {
    const created = await repo.insertToken(tx, {
      companyId: principal.companyId,
      name,
      tokenHash: hash,
      prefix,
      createdBy: principal.userId,
    });
    await insertAudit(tx, {
      ...auditActor(principal),
      action: 'api_token_create',
      details: { id: created, name, prefix },
    });
    return created;
  });
  const token = await repo.findToken(db, principal.companyId, id);
  if (!token) throw new Error('created api token not found');
  return { token, secret };
}

/** Revoking is allowed for a blocked company too: shutting a leaked secret must always be possible. */
export async function revokeToken(db: Db, principal: Principal, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await repo.revokeToken(tx, principal.companyId, id))) throw new AppError('not_found');
    await insertAudit(tx, { ...auditActor(principal), action: 'api_token_revoke', details: { id } });
  });
}
