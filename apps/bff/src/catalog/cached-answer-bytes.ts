import type { FastifyInstance } from 'fastify';
import type { CatalogReadCache } from './catalog-read-cache';

/**
 * Sends an answer the read cache holds as the bytes and ETag made when it was stored, rather than
 * serialising it again: a cache hit costs the pipeline (hooks, guards, filters) and no JSON work.
 * The ETag hook (`@fastify/etag`) keeps this ETag and answers 304 to a caller who has it. Fastify's
 * serializer rather than an interceptor: Nest wraps each interceptor in async-context bookkeeping
 * that cost a cached read more than the rest of its route.
 */
export function sendCachedAnswersAsStored(fastify: FastifyInstance, cache: CatalogReadCache): void {
  fastify.addHook('preSerialization', (_request, reply, payload, done) => {
    const cached = cache.cachedAnswerOf(payload);
    if (cached) void reply.header('ETag', cached.etag);
    done(null, payload);
  });
  // Fastify sends a Buffer as it is; its type says string.
  fastify.setReplySerializer(
    (payload) => (cache.cachedAnswerOf(payload)?.json ?? JSON.stringify(payload)) as string,
  );
}
