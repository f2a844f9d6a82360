import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpException,
  HttpStatus,
  Ip,
  Param,
  Post,
  Put,
  Query,
  Req,
  Res,
  UseInterceptors,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LoginResult, MemberDto, SignedIn, TokenPair } from '@mkt/contracts';
import {
  AuthErrors,
  joinSchema,
  modifySchema,
  passwordCheckSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  memberSchema,
  tokenPairSchema,
} from '@mkt/contracts';
import type { ErrorBody } from '@mkt/http';
import { BadInput, MultipartParts } from '@mkt/http';
import { createZodDto } from 'nestjs-zod/dto';
import { z } from 'zod';
import { MemberClient } from '../services/member.client';
import { accessDenied, Authenticated } from './guards';
import { LoginThrottle } from './login-throttle';
import { PasswordReset } from './password-reset';
import type { SessionClaims } from './refresh-sessions';
import { RefreshSessions } from './refresh-sessions';
import {
  clearSessionCookies,
  parseCookies,
  refreshCookie,
  setSessionCookies,
  webSessionRole,
} from './session-cookies';
import { SignIn, signInAnswerSchema } from './sign-in';
import { ApiDoc, BAD_INPUT } from '../openapi/api-doc';

class JoinBody extends createZodDto(joinSchema) {}
class LoginForm extends createZodDto(
  z.object({
    username: z.string().trim().toLowerCase().min(1, '이메일을 입력해 주세요.').max(100),
    password: z.string().min(1, '비밀번호를 입력해 주세요.').max(100),
  }),
) {}
const REFRESH_TOKEN_REQUIRED = 'refreshToken이 필요합니다.';
/** Optional here: the web app's calls carry it in a cookie instead (see {@link refreshTokenOf}). */
class RefreshQuery extends createZodDto(
  z.object({ refreshToken: z.string().min(1, REFRESH_TOKEN_REQUIRED).max(200).optional() }),
) {}
class LogoutBody extends createZodDto(
  z.object({ refreshToken: z.string().max(200).optional() }).default({}),
) {}
class PasswordResetRequestBody extends createZodDto(passwordResetRequestSchema) {}
class PasswordResetBody extends createZodDto(passwordResetSchema) {}
class PasswordCheckBody extends createZodDto(passwordCheckSchema) {}
class ModifyBody extends createZodDto(modifySchema) {}
const OK = { result: 'ok' } as const;
const okSchema = z.object({ result: z.literal('ok') });

/** The refresh token of a call: the web app's HttpOnly cookie of the role it names, else the spec client's query or body. */
function refreshTokenOf(request: FastifyRequest, fromClient: () => string | undefined): string | undefined {
  const role = webSessionRole(request);
  if (role && role !== 'any') return parseCookies(request).get(refreshCookie(role));
  return fromClient();
}

const hasStatus = (status: HttpStatus) => (error: unknown) =>
  error instanceof HttpException && error.getStatus() === status;
const hasErrorCode = (code: string) => (error: unknown) =>
  error instanceof HttpException && (error.getResponse() as Partial<ErrorBody>).error === code;

/** Join, sign-in, token refresh and sign-out, and a member's own information. */
@Controller('api/member')
export class MemberAuthController {
  constructor(
    private readonly members: MemberClient,
    private readonly sessions: RefreshSessions,
    private readonly throttle: LoginThrottle,
    private readonly signIn: SignIn,
    private readonly passwordReset: PasswordReset,
  ) {}

  @ApiDoc({
    summary: 'Joins as a member (role MEMBER, grade USER)',
    answer: memberSchema,
    errors: { 400: BAD_INPUT, 409: 'DUPLICATE_EMAIL: the e-mail has joined already' },
  })
  @Post('join')
  join(@Body() body: JoinBody): Promise<MemberDto> {
    return this.members.join(body);
  }

  /** Form fields `username` (the e-mail) and `password`, url-encoded or multipart. */
  @ApiDoc({
    summary: 'Signs in with e-mail and password',
    description:
      'Wrong passwords slow down the (account, address) pair after 5 and the address after 30, with waits doubling from 30 s to 15 min; ' +
      'after 20 on one account from anywhere, addresses the account never signed in from wait too. ' +
      'With `X-Mkt-Session` (our web app) the tokens are set as HttpOnly cookies instead of answered.',
    bodyTypes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
    answer: signInAnswerSchema,
    errors: {
      400: BAD_INPUT,
      401: 'ERROR_LOGIN: wrong e-mail or password',
      403: 'ERROR_BANNED: a suspended member',
      429: 'TOO_MANY_ATTEMPTS: too many wrong passwords; try again later',
    },
  })
  @Post('login')
  @HttpCode(200)
  @UseInterceptors(MultipartParts({ fileSize: 0, files: 0, fields: 10 }))
  async login(
    @Body() { username, password }: LoginForm,
    @Ip() address: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<LoginResult | SignedIn> {
    const member = await this.throttle.attempt(
      username,
      address,
      () => this.members.authenticate(username, password),
      hasStatus(HttpStatus.UNAUTHORIZED),
    );
    return this.signIn.answer(member, request, response);
  }

  /** Rotates the refresh token. The member is read again, so a ban or a role change takes effect here. */
  @ApiDoc({
    summary: 'New access and refresh tokens for a refresh token, which then no longer works',
    description:
      'Presented again within 20 s of its rotation (two tabs refreshing at once) it answers with the same new refresh token; ' +
      'later, it ends the whole session. ' +
      "With `X-Mkt-Session: <role>` (our web app) the role's HttpOnly cookies are read and set instead.",
    answer: z.union([tokenPairSchema, okSchema]),
    errors: {
      400: BAD_INPUT,
      401: 'ERROR_REFRESH: unknown, used or ended refresh token, or a suspended member: sign in again',
    },
  })
  @Get('refresh')
  async refresh(
    @Query() { refreshToken }: RefreshQuery,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<TokenPair | typeof OK> {
    const role = webSessionRole(request);
    const token = refreshTokenOf(request, () => {
      if (refreshToken === undefined) throw new BadInput(`refreshToken: ${REFRESH_TOKEN_REQUIRED}`);
      return refreshToken;
    });
    const rotated = token ? await this.sessions.rotate(token) : null;
    const refused = new HttpException(
      { error: AuthErrors.badRefresh, message: '다시 로그인해 주세요.' } satisfies ErrorBody,
      HttpStatus.UNAUTHORIZED,
    );
    if (!rotated) throw refused;
    const member = await this.members.byMno(rotated.claims.mno);
    if (member.isBan) {
      await this.sessions.endAll(member.mno, 'banned');
      throw refused;
    }
    const accessToken = this.signIn.accessToken(member, rotated.family);
    if (role && role !== 'any') {
      setSessionCookies(response, role, accessToken, rotated.token);
      return OK;
    }
    return { accessToken, refreshToken: rotated.token };
  }

  @ApiDoc({
    summary: 'Signs out: ends the session of the refresh token, its access tokens included',
    description: "With `X-Mkt-Session: <role>` (our web app) the role's cookies are read and cleared.",
    answer: okSchema,
    errors: { 400: BAD_INPUT },
    callsServices: false,
  })
  @Post('logout')
  @HttpCode(200)
  async logout(
    @Body() body: LogoutBody,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<typeof OK> {
    const role = webSessionRole(request);
    const refreshToken = refreshTokenOf(request, () => body.refreshToken);
    if (refreshToken) await this.sessions.end(refreshToken);
    if (role && role !== 'any') clearSessionCookies(response, role);
    return OK;
  }

  @ApiDoc({
    summary: '비밀번호 찾기: e-mails a single-use reset link (30 minutes) when the address has an account',
    description: 'Answers alike whether or not the address has an account.',
    answer: okSchema,
    errors: { 400: BAD_INPUT, 429: 'TOO_MANY_ATTEMPTS: too many requests from this address' },
  })
  @Post('password-reset')
  @HttpCode(200)
  async requestPasswordReset(
    @Body() { email }: PasswordResetRequestBody,
    @Ip() address: string,
  ): Promise<typeof OK> {
    await this.passwordReset.request(email, address);
    return OK;
  }

  @ApiDoc({
    summary: "Sets a new password with a reset link's token, and ends every session of the member",
    answer: okSchema,
    errors: { 400: `${BAD_INPUT}; RESET_LINK_INVALID: an unknown, used or expired link` },
  })
  @Post('password-reset/confirm')
  @HttpCode(200)
  async confirmPasswordReset(
    @Body() { token, password }: PasswordResetBody,
    @Ip() address: string,
  ): Promise<typeof OK> {
    await this.passwordReset.confirm(token, password, address);
    return OK;
  }

  @ApiDoc({
    summary: "The caller's own member information",
    answer: memberSchema,
    errors: { 404: 'NOT_FOUND: no such member' },
  })
  @Get('info/:email')
  @Authenticated({ owner: 'email' })
  info(@Param('email') email: string): Promise<MemberDto> {
    return this.members.byEmail(email);
  }

  /** The password re-check before profile editing: `error` is true when the password is wrong. */
  @ApiDoc({
    summary: "Re-checks the caller's password before profile editing (`error: true` when wrong)",
    answer: z.object({ error: z.boolean() }),
    errors: {
      400: BAD_INPUT,
      403: "ERROR_ACCESS_DENIED: another member's e-mail",
      429: 'TOO_MANY_ATTEMPTS: too many wrong passwords; try again later',
    },
  })
  @Post('check-password')
  @HttpCode(200)
  @Authenticated()
  async checkPassword(
    @Body() { email, password }: PasswordCheckBody,
    @Ip() address: string,
    @Req() request: FastifyRequest & { user: SessionClaims },
  ): Promise<{ error: boolean }> {
    if (email !== request.user.email) throw accessDenied();
    const wrongPassword = hasStatus(HttpStatus.UNAUTHORIZED);
    try {
      await this.throttle.attempt(
        email,
        address,
        () => this.members.authenticate(email, password),
        wrongPassword,
      );
      return { error: false };
    } catch (error) {
      if (wrongPassword(error)) return { error: true };
      throw error;
    }
  }

  /**
   * Changes the caller's own profile; a password change ends all of their sessions. Its current
   * password is guessed no faster than a login's.
   */
  @ApiDoc({
    summary: "Changes the caller's own profile; a password change ends all of their sessions",
    answer: memberSchema,
    errors: {
      400: `${BAD_INPUT}; WRONG_PASSWORD: the current password is wrong`,
      403: "ERROR_ACCESS_DENIED: another member's mno or e-mail; ERROR_SNS_MEMBER: a social member may change only def_addr",
      429: 'TOO_MANY_ATTEMPTS: too many wrong passwords; try again later',
    },
  })
  @Put('modify')
  @Authenticated()
  async modify(
    @Body() input: ModifyBody,
    @Ip() address: string,
    @Req() request: FastifyRequest & { user: SessionClaims },
  ): Promise<MemberDto> {
    const caller = request.user;
    if (
      (input.mno !== undefined && input.mno !== caller.mno) ||
      (input.email !== undefined && input.email !== caller.email)
    ) {
      throw accessDenied();
    }
    const save = () => this.members.modify(caller.mno, input);
    const { member, passwordChanged } = input.new_m_pw
      ? await this.throttle.attempt(caller.email, address, save, hasErrorCode(AuthErrors.wrongPassword))
      : await save();
    if (passwordChanged) await this.sessions.endAll(caller.mno, 'password-changed');
    return member;
  }
}
