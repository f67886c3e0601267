import { isContentLink, type BannerInput, type BannerState } from '@cab/contract/content';
import type { Lang } from '@cab/contract/constants';
import type { Banner } from '@cab/contract/me';
import type PgBoss from 'pg-boss';
import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import { AppError, type FieldProblem } from '../../../http/errors.js';
import type { EventBus } from '../../../realtime/bus.js';
import { auditActor, insertAudit } from '../../platform/audit/index.js';
import { CONTENT_JOB } from './jobs.js';
import * as repo from './repository.js';

const seconds = (date: Date | null): number | null => (date ? Math.floor(date.getTime() / 1000) : null);

export function isInWindow(row: Pick<repo.BannerRow, 'startsAt' | 'endsAt'>, now: Date): boolean {
  return (!row.startsAt || row.startsAt <= now) && (!row.endsAt || row.endsAt > now);
}

export function isForCompany(row: Pick<repo.BannerRow, 'audience' | 'companyIds'>, companyId: number): boolean {
  return row.audience === 'all' || row.companyIds.includes(companyId);
}

function toState(row: repo.BannerRow, now: Date): BannerState {
  return {
    revision: row.id,
    type: row.type as BannerState['type'],
    text_ru: row.textRu,
    text_en: row.textEn,
    link: row.link,
    target: row.target === '_self' ? '_self' : '_blank',
    starts_at: seconds(row.startsAt),
    ends_at: seconds(row.endsAt),
    audience: row.audience === 'companies' ? 'companies' : 'all',
    company_ids: row.companyIds,
    published_at: seconds(row.createdAt) ?? 0,
    withdrawn: row.withdrawnAt !== null,
    live: row.withdrawnAt === null && isInWindow(row, now),
  };
}

/** The header banner of one user (`user.message`): in force, in its window, for its company, not dismissed. */
export async function bannerForUser(db: Db, user: { userId: number; companyId: number }, lang: Lang, now = new Date()): Promise<Banner | null> {
  const row = await repo.findCurrentBanner(db);
  if (!row || !isInWindow(row, now) || !isForCompany(row, user.companyId)) return null;
  if ((await repo.dismissedBannerId(db, user.userId)) >= row.id) return null;
  return {
    type: row.type as Banner['type'],
    text: lang === 'en' ? row.textEn : row.textRu,
    link: row.link,
    target: row.link ? row.target : null,
    revision: row.id,
  };
}

export class BannerService {
  constructor(private readonly deps: { db: Db; bus: EventBus; jobs: PgBoss }) {}

  async get(): Promise<BannerState | null> {
    const row = await repo.findLatestBanner(this.deps.db);
    return row ? toState(row, new Date()) : null;
  }

  /** Publishing replaces the banner in force; every open cabinet re-reads its user data at once. */
  async publish(principal: Principal, input: BannerInput): Promise<BannerState> {
    const companyIds = [...new Set(input.audience === 'companies' ? input.company_ids : [])];
    await this.check(input, companyIds);
    const now = new Date();
    const row = await this.deps.db.transaction(async (tx) => {
      const replaced = await repo.withdrawBanners(tx);
      const inserted = await repo.insertBanner(tx, {
        type: input.type,
        textRu: input.text_ru,
        textEn: input.text_en,
        link: input.link || null,
        target: input.target,
        startsAt: input.starts_at === null ? null : new Date(input.starts_at * 1000),
        endsAt: input.ends_at === null ? null : new Date(input.ends_at * 1000),
        audience: input.audience,
        companyIds,
        authorId: principal.userId,
      });
      if (!inserted) throw new Error('banner insert returned nothing');
      await insertAudit(tx, {
        ...auditActor(principal),
        action: 'banner_publish',
        details: { revision: inserted.id, replaced, type: input.type, audience: input.audience, company_ids: companyIds, starts_at: input.starts_at, ends_at: input.ends_at },
      });
      return inserted;
    });
    await this.pushUpdate();
    // Cabinets already open learn of the window's start and end when they come (a job at each edge).
    for (const edge of [row.startsAt, row.endsAt]) {
      if (edge && edge > now) await this.deps.jobs.send(CONTENT_JOB.bannerEdge, { revision: row.id }, { startAfter: edge });
    }
    return toState(row, now);
  }

  async withdraw(principal: Principal): Promise<BannerState | null> {
    const withdrawn = await this.deps.db.transaction(async (tx) => {
      const ids = await repo.withdrawBanners(tx);
      if (ids.length > 0) await insertAudit(tx, { ...auditActor(principal), action: 'banner_withdraw', details: { revisions: ids } });
      return ids;
    });
    if (withdrawn.length > 0) await this.pushUpdate();
    return this.get();
  }

  async dismiss(principal: Principal, revision: number): Promise<void> {
    const current = await repo.findCurrentBanner(this.deps.db);
    // Only the banner in force can be dismissed; an old revision (another tab) changes nothing.
    if (!current || current.id !== revision) throw new AppError('not_found');
    await repo.dismissBanner(this.deps.db, principal.userId, revision);
    await this.deps.bus.publish({ userId: principal.userId }, { type: 'portal_update', data: {} });
  }

  private async check(input: BannerInput, companyIds: number[]): Promise<void> {
    const fields: Record<string, FieldProblem> = {};
    if (input.link && !isContentLink(input.link)) fields.link = 'contentLink';
    if (input.starts_at !== null && input.ends_at !== null && input.ends_at <= input.starts_at) fields.ends_at = 'endsBeforeStart';
    if (input.ends_at !== null && input.ends_at * 1000 <= Date.now()) fields.ends_at = 'endsBeforeStart';
    if (input.audience === 'companies') {
      if (companyIds.length === 0) fields.company_ids = 'noCompanies';
      else if ((await repo.existingCompanyIds(this.deps.db, companyIds)).length !== companyIds.length) fields.company_ids = 'invalid';
    }
    if (Object.keys(fields).length > 0) throw new AppError('validation_failed', fields);
  }

  private async pushUpdate(): Promise<void> {
    await this.deps.bus.publish({}, { type: 'portal_update', data: {} });
  }
}
