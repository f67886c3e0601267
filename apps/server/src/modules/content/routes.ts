import {
  BannerDismissRequest,
  BannerGetResult,
  BannerInput,
  BannerState,
  FaqAdminEntry,
  FaqAdminListResult,
  FaqIdRequest,
  FaqInput,
  FaqListResult,
  VersionSetRequest,
  VersionState,
} from '@cab/contract/content';
import { EmptyBody } from '@cab/contract/common';
import { resultOf } from '@cab/contract/errors';
import { CONTENT_API } from '@cab/contract/paths-content';
import type { FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import { z } from 'zod';
import { principalOf } from '../../auth/authenticate.js';
import type { Db } from '../../db/client.js';
import { requestLang } from '../../http/errors.js';
import { LangQuery, errorResponses, typed } from '../../http/route-kit.js';
import type { EventBus } from '../../realtime/bus.js';
import { BannerService } from './banner/service.js';
import { FaqService } from './faq/service.js';
import { VersionService } from './version/service.js';

const Done = z.object({ ok: z.boolean() });

/** Root's banner, cabinet version and FAQ tools, a user's banner dismissal and the FAQ page. */
export function registerContentRoutes(app: FastifyInstance, deps: { db: Db; bus: EventBus; jobs: PgBoss }): void {
  const r = typed(app);
  const banner = new BannerService(deps);
  const version = new VersionService(deps);
  const faq = new FaqService(deps.db);
  const schema = <B extends z.ZodType, R extends z.ZodType>(tag: string, body: B, result: R) => ({
    schema: { tags: [tag], querystring: LangQuery, body, response: { 200: resultOf(result), ...errorResponses } },
  });

  r.post(CONTENT_API.bannerGet, schema('tools', EmptyBody, BannerGetResult), async () => ({ result: { banner: await banner.get() } }));
  r.post(CONTENT_API.bannerPublish, schema('tools', BannerInput, BannerState), async (request) => ({
    result: await banner.publish(principalOf(request), request.body),
  }));
  r.post(CONTENT_API.bannerWithdraw, schema('tools', EmptyBody, BannerGetResult), async (request) => ({
    result: { banner: await banner.withdraw(principalOf(request)) },
  }));
  r.post(CONTENT_API.bannerDismiss, schema('session', BannerDismissRequest, Done), async (request) => {
    await banner.dismiss(principalOf(request), request.body.revision);
    return { result: { ok: true } };
  });

  r.post(CONTENT_API.versionGet, schema('tools', EmptyBody, VersionState), async () => ({ result: await version.get() }));
  r.post(CONTENT_API.versionSet, schema('tools', VersionSetRequest, VersionState), async (request) => ({
    result: await version.set(principalOf(request), request.body.min_version),
  }));

  r.post(CONTENT_API.faqList, schema('faq', EmptyBody, FaqListResult), async (request) => ({ result: await faq.list(requestLang(request)) }));
  r.post(CONTENT_API.faqAdminList, schema('tools', EmptyBody, FaqAdminListResult), async () => ({ result: await faq.adminList() }));
  r.post(CONTENT_API.faqCreate, schema('tools', FaqInput, FaqAdminEntry), async (request) => ({
    result: await faq.create(principalOf(request), request.body),
  }));
  r.post(CONTENT_API.faqUpdate, schema('tools', FaqInput, FaqAdminEntry), async (request) => ({
    result: await faq.update(principalOf(request), request.body),
  }));
  r.post(CONTENT_API.faqDelete, schema('tools', FaqIdRequest, Done), async (request) => {
    await faq.remove(principalOf(request), request.body.id);
    return { result: { ok: true } };
  });
}
