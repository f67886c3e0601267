import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses API answers (a SIM list page is ~10 KB of JSON) for clients that accept it. The SPA's
 * files are compressed once at build and sent as they are (static-spa.ts, preCompressed); the
 * plugin leaves an answer that already has a Content-Encoding alone. Brotli at the plugin's
 * quality 4 costs about what gzip does and is smaller.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, { global: true, threshold: COMPRESS_THRESHOLD_BYTES, encodings: ['br', 'gzip'] });
}
