import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import {
  Body,
  Controller,
  Get,
  HttpCode,
  Injectable,
  Param,
  Post,
  Req,
  Res,
  UseInterceptors,
} from '@nestjs/common';
import type { Observable } from 'rxjs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LoginResult, SignedIn, SocialProviderLink } from '@mkt/contracts';
import { socialTokenRequestSchema, socialProviderLinkSchema, withParticle } from '@mkt/contracts';
import { createZodDto } from 'nestjs-zod/dto';
import { z } from 'zod';
import { SignIn, signInAnswerSchema } from '../auth/sign-in';
import { MemberClient } from '../services/member.client';
import { SocialGateway, socialRefusal } from './social-gateway';
import { SocialTickets } from './social-tickets';
import { ApiDoc, BAD_INPUT } from '../openapi/api-doc';

const opaque = (name: string) =>
  z
    .string()
    .min(1, `${withParticle(name, '이/가')} 필요합니다.`)
    .max(2048)
    .regex(/^[\w.~+/=-]+$/, `${withParticle(name, '이/가')} 올바르지 않습니다.`);

class CodePath extends createZodDto(z.object({ code: opaque('code') })) {}
class TicketPath extends createZodDto(z.object({ accessToken: opaque('accessToken') })) {}
class TokenRequestBody extends createZodDto(socialTokenRequestSchema) {}

/** The token call's fields may come in the query too: they are read as the body's (which wins). */
@Injectable()
class QueryIntoBody implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<{ query: object; body?: object }>();
    request.body = { ...request.query, ...request.body };
    return next.handle();
  }
}

/**
 * Social sign-in, in the spec's two steps: the return page sends the provider's authorization code
 * (`POST /api/member/{provider}/token/{code}`) and gets a one-time ticket back, then signs in with it
 * (`GET /api/member/{provider}/suc/{accessToken}`) and gets the same answer as a password login.
 */
@Controller('api/member')
export class SocialSignInController {
  constructor(
    private readonly gateway: SocialGateway,
    private readonly tickets: SocialTickets,
    private readonly members: MemberClient,
    private readonly signIn: SignIn,
  ) {}

  @ApiDoc({
    summary: 'The social sign-in providers offered, with their authorization pages',
    answer: z.array(socialProviderLinkSchema),
    callsServices: false,
  })
  @Get('social/providers')
  providers(): SocialProviderLink[] {
    return this.gateway.links();
  }

  /** `redirect_uri` (and Naver's `state`) in a JSON or form body, or in the query. */
  @ApiDoc({
    summary: "Exchanges the provider's authorization code for a one-time sign-in ticket (5 minutes)",
    description: "`redirect_uri` (and Naver's `state`) in a JSON or form body, or in the query.",
    answer: z.object({ accessToken: z.string().describe('the ticket for the suc call') }),
    errors: {
      400: BAD_INPUT,
      401: 'the provider refused the code',
      404: 'NOT_FOUND: a provider that is not offered',
      502: 'the provider did not answer',
    },
    callsServices: false,
  })
  @Post(':provider/token/:code')
  @HttpCode(200)
  @UseInterceptors(QueryIntoBody)
  async token(
    @Param('provider') name: string,
    @Param() { code }: CodePath,
    @Body() request: TokenRequestBody,
  ): Promise<{ accessToken: string }> {
    const provider = this.gateway.provider(name);
    const providerToken = await this.gateway.exchangeCode(provider, code, request);
    return { accessToken: await this.tickets.issue(provider, providerToken) };
  }

  /** Creates the member on first sign-in, links a verified e-mail's member, refuses a banned one. */
  @ApiDoc({
    summary: 'Signs in with the ticket, as a password login answers',
    description:
      "Creates the member on first sign-in, or links the member who joined with the provider's verified e-mail.",
    answer: signInAnswerSchema,
    errors: {
      400: BAD_INPUT,
      401: 'an unknown, used or expired ticket',
      403: 'ERROR_BANNED: a suspended member',
      404: 'NOT_FOUND: a provider that is not offered',
    },
  })
  @Get(':provider/suc/:accessToken')
  async signInWith(
    @Param('provider') name: string,
    @Param() { accessToken: ticket }: TicketPath,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<LoginResult | SignedIn> {
    const provider = this.gateway.provider(name);
    const providerToken = await this.tickets.redeem(provider, ticket);
    if (!providerToken) throw socialRefusal();
    const member = await this.members.socialSignIn(await this.gateway.profile(provider, providerToken));
    return this.signIn.answer(member, request, response);
  }
}
