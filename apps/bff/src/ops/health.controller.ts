import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import type { Liveness, Readiness } from '@mkt/observability';
import { answerReadiness, liveness } from '@mkt/observability';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AuthSettings } from '../auth/auth-settings';
import { AUTH_SETTINGS } from '../auth/auth-settings';
import { SERVICE_URLS } from '../bff.tokens';
import type { ServiceUrls } from '../services/service-clients';
import { ApiDoc, openApiSchema } from '../openapi/api-doc';

type State = 'up' | 'down';

const dependencyStates = z.record(z.string(), z.enum(['up', 'down']));
const readinessAnswer = z.object({ status: z.enum(['ready', 'unready']), dependencies: dependencyStates });

@Controller('api/health')
export class HealthController {
  constructor(
    @Inject(SERVICE_URLS) private readonly urls: ServiceUrls,
    @Inject(AUTH_SETTINGS) private readonly auth: AuthSettings,
  ) {}

  /** The BFF and, for each service it calls, whether that service is ready: for operators and scripts. */
  @ApiDoc({
    summary: 'The BFF and whether each service it calls is ready',
    answer: z.object({ status: z.enum(['ok', 'degraded']), services: dependencyStates }),
    callsServices: false,
  })
  @Get()
  async health(): Promise<{ status: 'ok' | 'degraded'; services: Record<string, State> }> {
    const entries = await Promise.all(
      Object.entries(this.urls).map(async ([name, url]): Promise<[string, State]> => {
        try {
          const response = await fetch(new URL('/health/ready', url), { signal: AbortSignal.timeout(2_000) });
          return [name, response.ok ? 'up' : 'down'];
        } catch {
          return [name, 'down'];
        }
      }),
    );
    const services = Object.fromEntries(entries);
    return { status: entries.every(([, state]) => state === 'up') ? 'ok' : 'degraded', services };
  }

  /** Liveness (libs/observability's health): the process answers. */
  @ApiDoc({
    summary: 'Liveness: the BFF process answers',
    answer: z.object({ status: z.literal('live') }),
    callsServices: false,
  })
  @Get('live')
  live(): Liveness {
    return liveness();
  }

  /**
   * Readiness: the BFF's own state (sessions, limits: Redis, or the embedded store) answers. The
   * services are left out: one service down fails only the calls that need it, and taking every
   * BFF out of the load balancer for it would fail them all.
   */
  @ApiDoc({
    summary: 'Readiness: the store of sessions and limits answers',
    answer: readinessAnswer,
    callsServices: false,
  })
  @ApiResponse({
    status: 503,
    description: 'unready: the body names the dependencies that are down',
    content: { 'application/json': { schema: openApiSchema(readinessAnswer) } },
  })
  @Get('ready')
  ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<Readiness> {
    return answerReadiness(reply, { sessionStore: () => this.auth.store.get('readiness-probe') });
  }
}
