import { Controller, Get, Inject } from '@nestjs/common';
import { SERVICE_URLS } from './bff.tokens';
import type { ServiceUrls } from './services/service-clients';
import { ApiDoc } from './openapi/api-doc';
import { z } from 'zod';

type State = 'up' | 'down';

@Controller('api/health')
export class HealthController {
  constructor(@Inject(SERVICE_URLS) private readonly urls: ServiceUrls) {}

  /** The BFF and, for each service it calls, whether its health endpoint answers. */
  @ApiDoc({
    summary: 'The BFF and whether each service it calls answers its health check',
    answer: z.object({
      status: z.enum(['ok', 'degraded']),
      services: z.record(z.string(), z.enum(['up', 'down'])),
    }),
    callsServices: false,
  })
  @Get()
  async health(): Promise<{ status: 'ok' | 'degraded'; services: Record<string, State> }> {
    const entries = await Promise.all(
      Object.entries(this.urls).map(async ([name, url]): Promise<[string, State]> => {
        try {
          const response = await fetch(new URL('/health', url), { signal: AbortSignal.timeout(2_000) });
          return [name, response.ok ? 'up' : 'down'];
        } catch {
          return [name, 'down'];
        }
      }),
    );
    const services = Object.fromEntries(entries);
    return { status: entries.every(([, state]) => state === 'up') ? 'ok' : 'degraded', services };
  }
}
