import type { DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import fastifyEtag from '@fastify/etag';
import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { JsonLogger } from '@mkt/observability';
import { correlateRequests, Metrics } from '@mkt/observability';
import {
  answerFrameworkError,
  ErrorBodyFilter,
  refuseMalformedQueries,
  refuseUnreadableBodies,
} from './http-errors';

/** The largest JSON or form body (413 beyond); uploads have limits of their own (`MultipartParts`). */
export const BODY_LIMIT_BYTES = 100 * 1024;

/**
 * Proxies trusted to name the client's address, as Fastify's `trustProxy` takes them: a number of
 * hops, or presets (`loopback`, …) and IP addresses or CIDRs (config's `trustProxy` setting reads it).
 */
export type TrustProxy = number | string[];

export interface HttpAppOptions {
  logger: JsonLogger;
  /** Proxies trusted to name the client's address (`request.ip`); none when absent. */
  trustProxy?: TrustProxy;
}

/** Where an app listens. */
export interface ListenOptions {
  port: number;
  host: string;
}

/**
 * Connections the kernel may queue for an app before it accepts them (the kernel caps it at
 * `net.core.somaxconn`). Node's default, 511, overflowed when a thousand shoppers pressed buy at
 * once on a busy standalone process: the connections it dropped came back to them as ECONNRESET.
 */
const LISTEN_BACKLOG = 4096;

/** Starts `app` listening where `listen` says. */
export async function listenOn(app: NestFastifyApplication, { port, host }: ListenOptions): Promise<void> {
  await app.listen({ port, host, backlog: LISTEN_BACKLOG });
}

/**
 * A Nest application on Fastify as every service and the BFF run it: its requests timed (the
 * module's `Metrics`), correlated and traced, a broken query string refused, ETags and 304s,
 * multipart uploads readable, every error answered as an `ErrorBody`. Call `init()` (or `listen`) once the app's own
 * hooks and plugins are added.
 */
export async function createHttpApp(
  module: DynamicModule,
  options: HttpAppOptions,
): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: options.trustProxy ?? false,
    // Nest's logger logs what matters; Fastify's own would log every request.
    logger: false,
    // `/api/notice/` is `/api/notice`, as it was under Express (the spec's client writes both).
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: answerFrameworkError,
  });
  const app = await NestFactory.create<NestFastifyApplication>(module, adapter, { logger: options.logger });
  const fastify = app.getHttpAdapter().getInstance();
  app.get(Metrics).observeHttp(fastify);
  correlateRequests(fastify);
  refuseMalformedQueries(fastify);
  refuseUnreadableBodies(fastify);
  // A weak ETag on every answer with a body, 304 to a caller who holds it (as Express did).
  await app.register(fastifyEtag, { weak: true });
  await app.register(multipart);
  app.useGlobalFilters(new ErrorBodyFilter(options.logger));
  return app;
}

/**
 * The raw response of a reply its handler writes itself (an event stream, a streamed page): Fastify
 * lets go of it, and the headers its hooks set so far (CORS, revalidation) go with it.
 */
export function streamedResponse(reply: FastifyReply): ServerResponse {
  reply.hijack();
  for (const [name, value] of Object.entries(reply.getHeaders()))
    if (value !== undefined) reply.raw.setHeader(name, value);
  return reply.raw;
}
