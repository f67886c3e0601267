import { z } from 'zod';
import {
  NEWS_IMAGE_MAX_BYTES,
  NewsAdminItem,
  NewsAdminListRequest,
  NewsAdminListResult,
  NewsIdRequest,
  NewsImageUploadResult,
  NewsUpdateRequest,
} from '@cab/contract/content';
import { resultOf } from '@cab/contract/errors';
import { NewsCreateRequest, NewsListRequest, NewsListResult } from '@cab/contract/news';
import { API } from '@cab/contract/paths';
import { CONTENT_API } from '@cab/contract/paths-content';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { LangQuery, errorResponses, typed } from '../../../http/route-kit.js';
import type { FileStore } from '../../../storage/file-store.js';
import { openNewsImage, storeNewsImage } from './image-files.js';
import type { NewsService } from './service.js';

/** Bodies of image uploads arrive as bytes; a little over the limit still reaches the service, which answers image_too_large. */
const UPLOAD_BODY_LIMIT = NEWS_IMAGE_MAX_BYTES * 2;

export function registerNewsRoutes(app: FastifyInstance, news: NewsService, deps: { db: Db; files: FileStore }): void {
  const r = typed(app);
  r.post(
    API.newsList,
    { schema: { tags: ['news'], querystring: LangQuery, body: NewsListRequest, response: { 200: resultOf(NewsListResult), ...errorResponses } } },
    async (request) => ({ result: await news.list(principalOf(request), request.body.page, request.body.size) }),
  );
  r.post(
    API.newsCreate,
    { schema: { tags: ['news'], querystring: LangQuery, body: NewsCreateRequest, response: { 200: resultOf(NewsAdminItem), ...errorResponses } } },
    async (request) => ({ result: await news.create(principalOf(request), request.body) }),
  );
  r.post(
    CONTENT_API.newsAdminList,
    { schema: { tags: ['news'], querystring: LangQuery, body: NewsAdminListRequest, response: { 200: resultOf(NewsAdminListResult), ...errorResponses } } },
    async (request) => ({ result: await news.adminList(request.body.page, request.body.size) }),
  );
  r.post(
    CONTENT_API.newsUpdate,
    { schema: { tags: ['news'], querystring: LangQuery, body: NewsUpdateRequest, response: { 200: resultOf(NewsAdminItem), ...errorResponses } } },
    async (request) => ({ result: await news.update(principalOf(request), request.body) }),
  );
  r.post(
    CONTENT_API.newsUnpublish,
    { schema: { tags: ['news'], querystring: LangQuery, body: NewsIdRequest, response: { 200: resultOf(NewsAdminItem), ...errorResponses } } },
    async (request) => ({ result: await news.unpublish(principalOf(request), request.body.id) }),
  );
  r.post(
    CONTENT_API.newsPublish,
    { schema: { tags: ['news'], querystring: LangQuery, body: NewsIdRequest, response: { 200: resultOf(NewsAdminItem), ...errorResponses } } },
    async (request) => ({ result: await news.publish(principalOf(request), request.body.id) }),
  );

  // The image's bytes are the body (Content-Type: image/png, image/jpeg, image/webp or image/gif);
  // other types reach the service too, so a wrong file gets the image's own message, not a JSON one.
  void app.register((scope, _options, done) => {
    scope.addContentTypeParser(/^(image\/[\w.+-]+|application\/octet-stream)$/, { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT }, (_request, body, done) => done(null, body));
    typed(scope).post(
      CONTENT_API.newsImageUpload,
      {
        bodyLimit: UPLOAD_BODY_LIMIT,
        schema: {
          tags: ['news'],
          description: `Upload a news image: the file's bytes as the body, Content-Type image/png, image/jpeg, image/webp or image/gif, at most ${NEWS_IMAGE_MAX_BYTES} bytes.`,
          consumes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
          querystring: LangQuery,
          response: { 200: resultOf(NewsImageUploadResult), ...errorResponses },
        },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body)) throw new AppError('image_invalid');
        return { result: await storeNewsImage(deps, principalOf(request), request.headers['content-type'] ?? '', request.body) };
      },
    );
    done();
  });

  typed(app).get(
    CONTENT_API.newsImageFile,
    { schema: { tags: ['news'], description: 'An uploaded news image (public: its random name is the key).', querystring: z.object({ file: z.string().max(64), lang: z.string().max(5).optional() }) } },
    async (request, reply) => {
      const image = await openNewsImage(deps, request.query.file);
      if (!image) throw new AppError('not_found');
      return reply
        .header('content-type', image.mime)
        .header('content-length', String(image.bytes))
        // The name is a random id that never changes content; nothing in the file may run as a page.
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(image.stream);
    },
  );
}
