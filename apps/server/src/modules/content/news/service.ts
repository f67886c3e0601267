import type { AuditAction } from '@cab/contract/company-audit';
import type { Lang } from '@cab/contract/constants';
import type { NewsAdminItem, NewsAdminListResult, NewsUpdateRequest } from '@cab/contract/content';
import { newsImageUrl, type NewsCreateRequest, type NewsItem, type NewsListResult } from '@cab/contract/news';
import type { Principal } from '../../../auth/principal.js';
import type { Db, Executor } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import type { EventBus } from '../../../realtime/bus.js';
import { auditActor, insertAudit } from '../../platform/audit/index.js';
import { byCompany, eventForUsers, findActiveUsers, notifyEvents } from '../../platform/notify/index.js';
import { checkImageFile } from './image-files.js';
import { cleanNewsTexts, newsInLang } from './news-languages.js';
import * as repo from './repository.js';

const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);

function toNewsItem(row: repo.NewsRow, lang: Lang): NewsItem {
  return { id: row.id, ...newsInLang(row, lang), image: row.image, added: seconds(row.publishedAt ?? row.createdAt) };
}

function toAdminItem(row: repo.NewsRow): NewsAdminItem {
  return {
    id: row.id,
    title_ru: row.titleRu,
    text_ru: row.textRu,
    title_en: row.titleEn,
    text_en: row.textEn,
    image: row.image,
    image_file: row.imageFile,
    added: seconds(row.createdAt),
    published: row.publishedAt !== null,
    published_at: row.publishedAt ? seconds(row.publishedAt) : null,
  };
}

/** The audit log names an item by its Russian title, or its English one when only that was written. */
const auditTitle = (row: repo.NewsRow): string => row.titleRu || row.titleEn;

export class NewsService {
  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
  ) {}

  /** Reading the first page counts as having seen the news, so the drawer stops opening by itself. */
  async list(principal: Principal, page: number, size: number, lang: Lang): Promise<NewsListResult> {
    const { items, total } = await repo.listNews(this.db, page, size);
    if (page === 0) await repo.markNewsSeen(this.db, principal.userId);
    return { items: items.map((row) => toNewsItem(row, lang)), all_count: total };
  }

  async adminList(page: number, size: number): Promise<NewsAdminListResult> {
    const { items, total } = await repo.listAllNews(this.db, page, size);
    return { items: items.map(toAdminItem), total };
  }

  /** Creating publishes at once: the drawer opens for every user and every company is told. */
  async create(principal: Principal, input: NewsCreateRequest): Promise<NewsAdminItem> {
    const texts = cleanNewsTexts(input);
    const imageFile = await checkImageFile(this.db, input.image_file);
    const row = await this.db.transaction(async (tx) => {
      const inserted = await repo.insertNews(tx, {
        ...texts,
        image: imageFile ? newsImageUrl(imageFile) : null,
        imageFile,
        authorId: principal.userId,
      });
      if (!inserted) throw new Error('news insert returned nothing');
      // The author has read what it wrote: its own drawer does not open for it.
      await repo.markNewsSeen(tx, principal.userId);
      await insertAudit(tx, { ...auditActor(principal), action: 'news_create', details: { id: inserted.id, title: auditTitle(inserted) } });
      return inserted;
    });
    await this.announce(row);
    return toAdminItem(row);
  }

  /** A fix to published news shows at once (portal_update) but does not open anyone's drawer again. */
  async update(principal: Principal, input: NewsUpdateRequest): Promise<NewsAdminItem> {
    const texts = cleanNewsTexts(input);
    const imageFile = await checkImageFile(this.db, input.image_file);
    const row = await this.db.transaction(async (tx) => {
      const updated = await repo.updateNews(tx, input.id, { ...texts, image: imageFile ? newsImageUrl(imageFile) : null, imageFile });
      if (!updated) throw new AppError('not_found');
      await insertAudit(tx, { ...auditActor(principal), action: 'news_update', details: { id: updated.id, title: auditTitle(updated) } });
      return updated;
    });
    await this.bus.publish({}, { type: 'portal_update', data: {} });
    return toAdminItem(row);
  }

  async unpublish(principal: Principal, id: number): Promise<NewsAdminItem> {
    const row = await this.setPublished(principal, id, null, 'news_unpublish');
    await this.bus.publish({}, { type: 'portal_update', data: {} });
    return toAdminItem(row);
  }

  /** Publishing again is news again: the drawer opens once more and companies are told. */
  async publish(principal: Principal, id: number): Promise<NewsAdminItem> {
    const row = await this.setPublished(principal, id, new Date(), 'news_publish');
    await this.announce(row);
    return toAdminItem(row);
  }

  private async setPublished(principal: Principal, id: number, at: Date | null, action: AuditAction): Promise<repo.NewsRow> {
    return this.db.transaction(async (tx: Executor) => {
      const row = await repo.setNewsPublished(tx, id, at);
      if (!row) throw new AppError('not_found');
      if (at) await repo.markNewsSeen(tx, principal.userId);
      await insertAudit(tx, { ...auditActor(principal), action, details: { id } });
      return row;
    });
  }

  private async announce(row: repo.NewsRow): Promise<void> {
    // Everyone's current-user data now says there is news to show.
    await this.bus.publish({}, { type: 'portal_update', data: {} });
    await this.tellCompanies({ ru: newsInLang(row, 'ru').title, en: newsInLang(row, 'en').title });
  }

  /**
   * News is an event every company hears of (ARCHITECTURE §7): a bell notification for each user and
   * one delivery to each company's methods with the notify flag. No popup: the news panel opens itself.
   */
  private async tellCompanies(title: Record<Lang, string>): Promise<void> {
    const companies = byCompany(await findActiveUsers(this.db));
    const text = { ru: `Новость: ${title.ru}`, en: `News: ${title.en}` };
    await notifyEvents(
      this.db,
      this.bus,
      [...companies].map(([companyId, users]) => eventForUsers(companyId, users, { category: 'notify', type: 'info', text, popup: false })),
    );
  }
}
