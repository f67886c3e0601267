import { NEWS_IMAGE_MAX_BYTES } from '@cab/contract/content';
import { resultOf } from '@cab/contract/errors';
import { NEWS_API } from '@cab/contract/news';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../../auth/authenticate.js';
import type { Db } from '../../../db/client.js';
import { endpointRoutes } from '../../../http/endpoint-routes.js';
import { AppError, requestLang } from '../../../http/errors.js';
import { LangQuery, errorResponses, typed } from '../../../http/route-kit.js';
import type { FileStore } from '../../../storage/file-store.js';
import { openNewsImage, storeNewsImage } from './image-files.js';
import type { NewsService } from './service.js';

/** Bodies of image uploads arrive as bytes; a little over the limit still reaches the service, which answers image_too_large. */
const UPLOAD_BODY_LIMIT = NEWS_IMAGE_MAX_BYTES * 2;

export function registerNewsRoutes(app: FastifyInstance, news: NewsService, deps: { db: Db; files: FileStore }): void {
  const { handle, file } = endpointRoutes(app, { tag: 'news' });
  handle(NEWS_API.list, ({ body, request }) => news.list(principalOf(request), body.page, body.size, requestLang(request)));
  handle(NEWS_API.create, ({ body, request }) => news.create(principalOf(request), body));
  handle(NEWS_API.adminList, ({ body }) => news.adminList(body.page, body.size));
  handle(NEWS_API.update, ({ body, request }) => news.update(principalOf(request), body));
  handle(NEWS_API.unpublish, ({ body, request }) => news.unpublish(principalOf(request), body.id));
  handle(NEWS_API.publish, ({ body, request }) => news.publish(principalOf(request), body.id));

  // The image's bytes are the body (Content-Type: image/png, image/jpeg, image/webp or image/gif), not
  // JSON, so this route is registered by hand from its declaration (endpointRoutes validates JSON
  // bodies); other types reach the service too, so a wrong file gets the image's own message.
  const upload = NEWS_API.imageUpload;
  void app.register((scope, _options, done) => {
    scope.addContentTypeParser(/^(image\/[\w.+-]+|application\/octet-stream)$/, { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT }, (_request, body, done) => done(null, body));
    typed(scope).route({
      method: upload.method,
      url: upload.path,
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags: ['news'],
        description: `Upload a news image: the file's bytes as the body, Content-Type image/png, image/jpeg, image/webp or image/gif, at most ${NEWS_IMAGE_MAX_BYTES} bytes.`,
        consumes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
        querystring: LangQuery,
        response: { 200: resultOf(upload.result), ...errorResponses },
      },
      handler: async (request) => {
        if (!Buffer.isBuffer(request.body)) throw new AppError('image_invalid');
        return { result: await storeNewsImage(deps, principalOf(request), request.headers['content-type'] ?? '', request.body) };
      },
    });
    done();
  });

  file(NEWS_API.imageFile, async ({ body: query, reply }) => {
    const image = await openNewsImage(deps, query.file);
    if (!image) throw new AppError('not_found');
    return reply
      .header('content-type', image.mime)
      .header('content-length', String(image.bytes))
      // The name is a random id that never changes content; nothing in the file may run as a page.
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(image.stream);
  });
}
