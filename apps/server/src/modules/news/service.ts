import type { NewsCreateRequest, NewsItem, NewsListResult } from '@cab/contract/news';
import type { Principal } from '../../auth/principal.js';
import { requirePermission } from '../../auth/principal.js';
import type { Db } from '../../db/client.js';
import type { EventBus } from '../../realtime/bus.js';
import { insertAudit } from '../audit/repository.js';
import { byCompany, eventForUsers, findActiveUsers, notifyEvents } from '../notify/events.js';
import * as repo from './repository.js';

type NewsRow = { id: number; title: string; image: string | null; text: string; createdAt: Date };

function toNewsItem(row: NewsRow): NewsItem {
  return { id: row.id, title: row.title, image: row.image, text: row.text, added: Math.floor(row.createdAt.getTime() / 1000) };
}

export class NewsService {
  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
  ) {}

  /** Reading the first page counts as having seen the news, so the drawer stops opening by itself. */
  async list(principal: Principal, page: number, size: number): Promise<NewsListResult> {
    const { items, total } = await repo.listNews(this.db, page, size);
    if (page === 0) await repo.markNewsSeen(this.db, principal.userId);
    return { items: items.map(toNewsItem), all_count: total };
  }

  async create(principal: Principal, input: NewsCreateRequest): Promise<NewsItem> {
    requirePermission(principal, 'news.publish');
    const row = await this.db.transaction(async (tx) => {
      const inserted = await repo.insertNews(tx, {
        title: input.title,
        text: input.text,
        image: input.image ?? null,
        authorId: principal.userId,
      });
      if (!inserted) throw new Error('news insert returned nothing');
      await insertAudit(tx, { companyId: principal.companyId, userId: principal.userId, action: 'news_create', details: { id: inserted.id } });
      return inserted;
    });
    // Everyone's current-user data now says there is news to show.
    await this.bus.publish({}, { type: 'portal_update', data: {} });
    await this.tellCompanies(row.title);
    return toNewsItem(row);
  }

  /**
   * News is an event every company hears of (ARCHITECTURE §7): a bell notification for each user and
   * one delivery to each company's methods with the notify flag. No popup: the news panel opens itself.
   */
  private async tellCompanies(title: string): Promise<void> {
    const companies = byCompany(await findActiveUsers(this.db));
    const text = { ru: `Новость: ${title}`, en: `News: ${title}` };
    await notifyEvents(
      this.db,
      this.bus,
      [...companies].map(([companyId, users]) => eventForUsers(companyId, users, { category: 'notify', type: 'info', text, popup: false })),
    );
  }
}
