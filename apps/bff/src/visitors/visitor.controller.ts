import { Controller, Get, HttpCode, Inject, Ip, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createZodDto } from 'nestjs-zod/dto';
import { z } from 'zod';
import { Authenticated } from '../auth/guards';
import type { DailyVisits, HourlyVisits, VisitorCountDto } from '@mkt/contracts';
import { dailyVisitsSchema, hourlyVisitsSchema, visitorCountSchema } from '@mkt/contracts';
import type { VisitorCounters } from './visitor-counters';
import { koreanDayAndHour, lastKoreanDays, VISITOR_COUNTERS, VISITOR_ID_SECONDS } from './visitor-counters';
import { VisitorStreams } from './visitor-stream';
import { ApiDoc, BAD_INPUT } from '../openapi/api-doc';

/** A first-party cookie carries the visitor id the server issued, which tells visitors apart; nothing else. */
const VISITOR_COOKIE = 'mkt_vid';
const VISITOR_ID = /^[0-9a-f-]{36}$/;

class DailyQuery extends createZodDto(
  z.object({ days: z.coerce.number().int().min(1).max(31, 'days는 31 이하여야 합니다.').default(7) }),
) {}
class HourlyQuery extends createZodDto(
  z.object({ date: z.iso.date('date는 yyyy-MM-dd 형식이어야 합니다.').optional() }),
) {}

function visitorIdOf(request: FastifyRequest): string | undefined {
  const cookie = (request.headers.cookie ?? '')
    .split(';')
    .find((part) => part.trim().startsWith(`${VISITOR_COOKIE}=`));
  const id = cookie?.split('=')[1]?.trim();
  return id && VISITOR_ID.test(id) ? id : undefined;
}

@Controller('api/admin/visitor')
export class VisitorController {
  constructor(
    @Inject(VISITOR_COUNTERS) private readonly counters: VisitorCounters,
    private readonly streams: VisitorStreams,
  ) {}

  /**
   * Every page load's footer posts this (no body). A call without a visitor id the server issued
   * gets one (the cookie `mkt_vid`), within the address's daily share; see VisitorCounters.
   */
  @ApiDoc({
    summary: "Counts a page view (every page's footer posts it); sets the visitor cookie `mkt_vid`",
    description:
      'A visitor counts once a day among the visitors and once an hour among the visits, and only with an id this server issued; a client address gets a limited number of new ids a day.',
    callsServices: false,
  })
  @Post('log')
  @HttpCode(204)
  async log(
    @Req() request: FastifyRequest,
    @Ip() address: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    const now = new Date();
    const known = visitorIdOf(request);
    const id = known && (await this.counters.issued(known)) ? known : await this.counters.issue(address, now);
    if (!id) return;
    if (id !== known) {
      reply.setCookie(VISITOR_COOKIE, id, {
        maxAge: VISITOR_ID_SECONDS,
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
      });
    }
    await this.counters.record(id, now);
  }

  /** Visits and distinct visitors for each of the last `days` days (Korean time), oldest first. */
  @ApiDoc({
    summary: 'Visits and distinct visitors of each of the last `days` days (Korean time), oldest first',
    answer: z.array(dailyVisitsSchema),
    errors: { 400: BAD_INPUT },
    callsServices: false,
  })
  @Get('daily')
  @Authenticated({ roles: ['ADMIN'] })
  daily(@Query() { days }: DailyQuery): Promise<DailyVisits[]> {
    return this.counters.daily(lastKoreanDays(days, new Date()));
  }

  /** Visits per hour (0 to 23) of a day, today by default. */
  @ApiDoc({
    summary: 'Visits per hour (0 to 23) of a day, today by default',
    answer: z.array(hourlyVisitsSchema),
    errors: { 400: BAD_INPUT },
    callsServices: false,
  })
  @Get('hourly')
  @Authenticated({ roles: ['ADMIN'] })
  hourly(@Query() { date }: HourlyQuery): Promise<HourlyVisits[]> {
    return this.counters.hourly(date ?? koreanDayAndHour(new Date()).day);
  }

  /** The spec's dashboard counter: today's distinct visitors (Korean day). */
  @ApiDoc({
    summary: "Today's distinct visitors (Korean day)",
    answer: visitorCountSchema,
    callsServices: false,
  })
  @Get('count')
  @Authenticated({ roles: ['ADMIN'] })
  async count(): Promise<VisitorCountDto> {
    const [today] = await this.counters.daily([koreanDayAndHour(new Date()).day]);
    return { counter: today.visitors };
  }

  /**
   * Server-sent events: a `visitors` frame with the dashboard's counters on connect and after
   * visits on any BFF instance, at most one per 250 ms; a comment line every 25 s.
   */
  @ApiDoc({
    summary: 'Server-sent events: a `visitors` frame `{today, daily, hourly}` on connect and after visits',
    description: 'At most one frame per 250 ms, a comment line every 25 s.',
    answer: { contentType: 'text/event-stream', schema: { type: 'string' } },
    callsServices: false,
  })
  @Get('stream')
  @Authenticated({ roles: ['ADMIN'] })
  stream(@Res() reply: FastifyReply): Promise<void> {
    return this.streams.serve(reply);
  }
}
