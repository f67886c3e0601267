import { CONTENT_API } from '@cab/contract/content';
import type { FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import { principalOf } from '../../auth/authenticate.js';
import type { Db } from '../../db/client.js';
import { endpointRoutes } from '../../http/endpoint-routes.js';
import { requestLang } from '../../http/errors.js';
import type { EventBus } from '../../realtime/bus.js';
import { BannerService } from './banner/index.js';
import { FaqService } from './faq/index.js';
import { VersionService } from './version/index.js';

/** Root's banner, cabinet version and FAQ tools, a user's banner dismissal and the FAQ page. */
export function registerContentRoutes(app: FastifyInstance, deps: { db: Db; bus: EventBus; jobs: PgBoss }): void {
  const tools = endpointRoutes(app, { tag: 'tools' });
  const session = endpointRoutes(app, { tag: 'session' });
  const faqPage = endpointRoutes(app, { tag: 'faq' });
  const banner = new BannerService(deps);
  const version = new VersionService(deps);
  const faq = new FaqService(deps.db);

  tools.handle(CONTENT_API.bannerGet, async () => ({ banner: await banner.get() }));
  tools.handle(CONTENT_API.bannerPublish, ({ body, request }) => banner.publish(principalOf(request), body));
  tools.handle(CONTENT_API.bannerWithdraw, async ({ request }) => ({ banner: await banner.withdraw(principalOf(request)) }));
  session.handle(CONTENT_API.bannerDismiss, async ({ body, request }) => {
    await banner.dismiss(principalOf(request), body.revision);
    return { ok: true };
  });

  tools.handle(CONTENT_API.versionGet, () => version.get());
  tools.handle(CONTENT_API.versionSet, ({ body, request }) => version.set(principalOf(request), body.min_version));

  faqPage.handle(CONTENT_API.faqList, ({ request }) => faq.list(requestLang(request)));
  tools.handle(CONTENT_API.faqAdminList, () => faq.adminList());
  tools.handle(CONTENT_API.faqCreate, ({ body, request }) => faq.create(principalOf(request), body));
  tools.handle(CONTENT_API.faqUpdate, ({ body, request }) => faq.update(principalOf(request), body));
  tools.handle(CONTENT_API.faqDelete, async ({ body, request }) => {
    await faq.remove(principalOf(request), body.id);
    return { ok: true };
  });
}
