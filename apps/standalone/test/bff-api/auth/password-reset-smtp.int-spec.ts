import { randomBytes } from 'node:crypto';
import { DEFAULT_MAIL_FROM, SmtpMailer } from '@mkt/bff';
import { eventually, mailpit, mailpitMailsTo, resetLinkIn } from '@mkt/testing';
import type { AccountsStack } from '../testing/accounts-stack';
import { callApi, JOIN_PASSWORD, joinRequest, signIn, startAccountsStack } from '../testing/accounts-stack';

jest.setTimeout(90_000);

/** 비밀번호 찾기 as the distributed store sends it: over SMTP, read back through Mailpit's API. */
describe('password reset over SMTP (Mailpit)', () => {
  let stack: AccountsStack;
  let mailer: SmtpMailer;
  const run = randomBytes(3).toString('hex');
  const email = `smtp-reset.${run}@example.kr`;

  beforeAll(async () => {
    mailer = new SmtpMailer(mailpit().smtpUrl, DEFAULT_MAIL_FROM);
    let url = '';
    stack = await startAccountsStack('smtp-reset', { mail: { mailer, publicUrl: () => url } });
    url = stack.url;
  });

  afterAll(async () => {
    await stack?.close();
    mailer?.close();
  });

  it('mails the link through the SMTP server; the link sets the new password', async () => {
    expect((await callApi(stack.url, 'POST', '/api/member/join', { json: joinRequest(email) })).status).toBe(
      201,
    );
    const asked = await callApi(stack.url, 'POST', '/api/member/password-reset', { json: { email } });
    expect(asked).toEqual({ status: 200, body: { result: 'ok' } });

    const mail = await eventually(async () => {
      const [newest] = await mailpitMailsTo(email);
      if (!newest) throw new Error(`no mail to ${email} in Mailpit yet`);
      return newest;
    });
    expect(mail.subject).toBe('[딜마켓] 비밀번호 재설정 안내');
    const link = resetLinkIn(mail);
    expect(link.startsWith(`${stack.url}/member/reset-password#token=`)).toBe(true);

    const token = new URL(link).hash.replace('#token=', '');
    const confirmed = await callApi(stack.url, 'POST', '/api/member/password-reset/confirm', {
      json: { token, password: 'renewed12!' },
    });
    expect(confirmed.status).toBe(200);
    expect((await signIn(stack.url, email, JOIN_PASSWORD)).status).toBe(401);
    expect((await signIn(stack.url, email, 'renewed12!')).status).toBe(200);
  });
});
