import { resultOf } from '@cab/contract/errors';
import { NewsCreateRequest, NewsItem, NewsListRequest, NewsListResult } from '@cab/contract/news';
import { API } from '@cab/contract/paths';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../auth/authenticate.js';
import { LangQuery, errorResponses, typed } from '../../http/route-kit.js';
import type { NewsService } from './service.js';

export function registerNewsRoutes(app: FastifyInstance, news: NewsService): void {
  const r = typed(app);
  r.post(
    API.newsList,
    { schema: { tags: ['news'], querystring: LangQuery, body: NewsListRequest, response: { 200: resultOf(NewsListResult), ...errorResponses } } },
    async (request) => ({ result: await news.list(principalOf(request), request.body.page, request.body.size) }),
  );
  r.post(
    API.newsCreate,
    { schema: { tags: ['news'], querystring: LangQuery, body: NewsCreateRequest, response: { 200: resultOf(NewsItem), ...errorResponses } } },
    async (request) => ({ result: await news.create(principalOf(request), request.body) }),
  );
}
