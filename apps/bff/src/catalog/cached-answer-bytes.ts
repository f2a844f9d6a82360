import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { Injectable } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { Observable } from 'rxjs';
import { map } from 'rxjs';
import { CatalogReadCache } from './catalog-read-cache';

/**
 * Sends an answer the read cache holds as the bytes and ETag made when it was stored, rather than
 * serialising it again: a cache hit costs the pipeline (guards, interceptors, filters, hooks) and
 * no JSON work. The ETag hook (`@fastify/etag`) keeps this ETag and answers 304 to a caller who has it.
 */
@Injectable()
export class CachedAnswerBytes implements NestInterceptor {
  constructor(private readonly cache: CatalogReadCache) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      map((answer: unknown) => {
        const cached = this.cache.cachedAnswerOf(answer);
        if (!cached) return answer;
        void context
          .switchToHttp()
          .getResponse<FastifyReply>()
          .header('ETag', cached.etag)
          .type('application/json; charset=utf-8');
        return cached.json;
      }),
    );
  }
}
