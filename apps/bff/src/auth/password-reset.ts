import { HttpException, HttpStatus, Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { ErrorBody } from '@mkt/http';
import { MemberClient } from '../services/member.client';
import { MAIL_SETTINGS, type MailSettings } from '../mail/mailer';
import { AUTH_SETTINGS, type AuthSettings } from './auth-settings';
import { LoginThrottle } from './login-throttle';
import { RefreshSessions } from './refresh-sessions';
import { tokenDigest } from './token-digest';

/** A reset link works once, for 30 minutes. */
export const RESET_LINK_SECONDS = 30 * 60;
/** Reset e-mails per address asking (429 beyond) and per account (silently none beyond), per hour. */
export const RESET_LIMITS = { perAddress: 20, perAccount: 3, windowSeconds: 60 * 60 } as const;
/** The web app's page the link opens; the token rides in the fragment, which no server or Referer sees. */
export const RESET_PAGE = '/member/reset-password';

const refuse = (status: HttpStatus, error: string, message: string) =>
  new HttpException({ error, message } satisfies ErrorBody, status);

const linkRefused = () =>
  refuse(
    HttpStatus.BAD_REQUEST,
    'RESET_LINK_INVALID',
    '비밀번호 재설정 링크가 만료되었거나 이미 사용되었습니다. 비밀번호 찾기를 다시 해 주세요.',
  );

/**
 * 비밀번호 찾기: a single-use link by e-mail, valid 30 minutes. Asking answers alike whether the
 * address has an account (the lookup and the mail happen after the answer). Using the link sets
 * the new password and ends every session of the member, refresh and access tokens alike.
 */
@Injectable()
export class PasswordReset {
  private readonly logger = new Logger(PasswordReset.name);

  constructor(
    private readonly members: MemberClient,
    private readonly sessions: RefreshSessions,
    private readonly throttle: LoginThrottle,
    @Inject(AUTH_SETTINGS) private readonly auth: AuthSettings,
    @Optional() @Inject(MAIL_SETTINGS) private readonly mail: MailSettings | null,
  ) {}

  /** Sends a link when the e-mail belongs to a member who signs in with a password; never tells whether it does. */
  async request(email: string, address: string): Promise<void> {
    const mail = this.mail;
    if (!mail)
      throw refuse(HttpStatus.SERVICE_UNAVAILABLE, 'MAIL_UNAVAILABLE', '지금은 메일을 보낼 수 없습니다.');
    const asked = await this.auth.store.increment(
      `password-reset:address:${address}`,
      RESET_LIMITS.windowSeconds,
    );
    if (asked > RESET_LIMITS.perAddress)
      throw refuse(
        HttpStatus.TOO_MANY_REQUESTS,
        'TOO_MANY_ATTEMPTS',
        '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.',
      );
    // Not awaited: an existing account must not answer slower than an unknown one.
    void this.send(email, mail).catch((error: unknown) =>
      this.logger.error(`password reset mail to ${email} failed: ${String(error)}`),
    );
  }

  private async send(email: string, mail: MailSettings): Promise<void> {
    const member = await this.members.byEmail(email).catch(() => null);
    if (!member || member.formSns || member.isBan) return;
    const sent = await this.auth.store.increment(
      `password-reset:account:${member.mno}`,
      RESET_LIMITS.windowSeconds,
    );
    if (sent > RESET_LIMITS.perAccount) return;
    const token = randomBytes(32).toString('base64url');
    await this.auth.store.set(
      `password-reset:token:${tokenDigest(token)}`,
      JSON.stringify({ mno: member.mno, email: member.email, issuedAt: Date.now() }),
      RESET_LINK_SECONDS,
    );
    const link = `${mail.publicUrl().replace(/\/+$/, '')}${RESET_PAGE}#token=${token}`;
    await mail.mailer.send({
      to: member.email,
      subject: '[딜마켓] 비밀번호 재설정 안내',
      text: [
        `${member.m_name}님, 비밀번호 재설정을 요청하셨습니다.`,
        '',
        '아래 링크에서 새 비밀번호를 정해 주세요. 링크는 30분 동안 한 번만 쓸 수 있습니다.',
        link,
        '',
        '요청하지 않으셨다면 이 메일을 무시해 주세요. 비밀번호는 바뀌지 않습니다.',
      ].join('\n'),
    });
  }

  /** Sets the new password with a link's token (once), ends every session; the address becomes known to the account. */
  async confirm(token: string, password: string, address: string): Promise<void> {
    const key = `password-reset:token:${tokenDigest(token)}`;
    const stored = await this.auth.store.get(key);
    if (!stored || !(await this.auth.store.setIfAbsent(`${key}:used`, '1', RESET_LINK_SECONDS)))
      throw linkRefused();
    await this.auth.store.delete([key]);
    const { mno, email, issuedAt } = JSON.parse(stored) as { mno: number; email: string; issuedAt: number };
    // A password changed (or reset, or a ban) since the link was sent makes it void.
    if (await this.sessions.endedReason(mno, undefined, issuedAt)) throw linkRefused();
    await this.members.setPassword(mno, password);
    await this.sessions.endAll(mno, 'password-reset');
    await this.throttle.recordSuccess(email, address);
  }
}
