import Fastify from 'fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash, randomBytes } from 'node:crypto';
import type { SocialProvider } from '@mkt/contracts';
import { SOCIAL_PROVIDERS } from '@mkt/contracts';
import { PROVIDER_PROTOCOLS } from '@mkt/bff';
import type { SocialSettings } from '@mkt/bff';

/**
 * A local stand-in for Kakao, Naver and Google that speaks the parts of their OAuth 2.0 APIs the BFF
 * uses (authorization page, code exchange, profile), with each provider's paths, answers and error
 * shapes. Standalone mode signs in through it with no internet; tests use it as the providers' stub.
 * Anyone can be anyone here: it is for development and tests only.
 */
export interface LocalSocialProvider {
  url: string;
  /** BFF settings pointing at this provider, for all three. */
  settings: SocialSettings;
  close(): Promise<void>;
}

/** Who signs in at the authorization page. */
interface Identity {
  name: string;
  email: string;
  emailVerified: boolean;
}

const PATHS: Record<SocialProvider, { authorize: string; token: string; profile: string }> = {
  kakao: { authorize: '/kakao/oauth/authorize', token: '/kakao/oauth/token', profile: '/kakao/v2/user/me' },
  naver: {
    authorize: '/naver/oauth2.0/authorize',
    token: '/naver/oauth2.0/token',
    profile: '/naver/v1/nid/me',
  },
  google: { authorize: '/google/o/oauth2/v2/auth', token: '/google/token', profile: '/google/v1/userinfo' },
};

const localClientId = (provider: SocialProvider) => `dev-${provider}`;
const localClientSecret = (provider: SocialProvider) => `dev-${provider}-secret`;

/** A stable provider user id for an e-mail, in the provider's own style. */
function userIdOf(provider: SocialProvider, email: string): string | number {
  const hash = createHash('sha256').update(`${provider}:${email}`).digest();
  if (provider === 'kakao') return hash.readUIntBE(0, 5);
  if (provider === 'naver') return hash.toString('base64url').slice(0, 43);
  return hash.readBigUInt64BE(0).toString().padStart(21, '1');
}

/** Each provider's answer to a code it refuses: Kakao and Google with 400, Naver with 200. */
function refuseCode(provider: SocialProvider, reply: FastifyReply): void {
  if (provider === 'naver') {
    void reply.send({ error: 'invalid_request', error_description: 'no valid data in session' });
  } else if (provider === 'kakao') {
    void reply.code(400).send({
      error: 'invalid_grant',
      error_description: 'authorization code not found',
      error_code: 'KOE320',
    });
  } else {
    void reply.code(400).send({ error: 'invalid_grant', error_description: 'Bad Request' });
  }
}

function refuseToken(provider: SocialProvider, reply: FastifyReply): void {
  const body = {
    kakao: { msg: 'this access token does not exist', code: -401 },
    naver: { resultcode: '024', message: 'Authentication failed' },
    google: { error: 'invalid_token', error_description: 'Invalid Credentials' },
  }[provider];
  void reply.code(401).send(body);
}

function tokenAnswer(provider: SocialProvider, accessToken: string) {
  if (provider === 'naver')
    return {
      access_token: accessToken,
      refresh_token: randomBytes(16).toString('hex'),
      token_type: 'bearer',
      expires_in: '3600',
    };
  if (provider === 'kakao')
    return {
      token_type: 'bearer',
      access_token: accessToken,
      expires_in: 21599,
      refresh_token: randomBytes(16).toString('hex'),
      refresh_token_expires_in: 5183999,
      scope: 'account_email profile_nickname',
    };
  return { access_token: accessToken, expires_in: 3599, scope: 'openid email profile', token_type: 'Bearer' };
}

function profileAnswer(provider: SocialProvider, identity: Identity) {
  const id = userIdOf(provider, identity.email);
  if (provider === 'kakao')
    return {
      id,
      connected_at: new Date().toISOString(),
      properties: { nickname: identity.name },
      kakao_account: {
        profile_nickname_needs_agreement: false,
        profile: { nickname: identity.name, is_default_nickname: false },
        has_email: true,
        email_needs_agreement: false,
        is_email_valid: true,
        is_email_verified: identity.emailVerified,
        email: identity.email,
      },
    };
  if (provider === 'naver')
    return {
      resultcode: '00',
      message: 'success',
      response: { id, nickname: identity.name, name: identity.name, email: identity.email },
    };
  return {
    sub: id,
    name: identity.name,
    given_name: identity.name,
    email: identity.email,
    email_verified: identity.emailVerified,
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function authorizePage(provider: SocialProvider, query: Record<string, string>): string {
  const label = PROVIDER_PROTOCOLS[provider].label;
  const hidden = ['client_id', 'redirect_uri', 'state']
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(query[name] ?? '')}">`)
    .join('');
  return `<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${label} 로그인 (개발용)</title>
<style>body{font-family:sans-serif;max-width:420px;margin:48px auto;padding:0 16px;color:#222}label{display:block;margin:12px 0}input[type=text],input[type=email]{width:100%;padding:8px;box-sizing:border-box}button{padding:10px 16px;margin-right:8px}</style></head>
<body><h1>${label} 로그인 (개발용)</h1>
<p>딜마켓 개발 환경의 ${label} 로그인 대역입니다. 실제 ${label} 계정은 쓰이지 않으며, 입력한 정보로 로그인합니다.</p>
<form method="post">${hidden}
<label>이름 <input type="text" name="name" value="${label} 테스터" required maxlength="30"></label>
<label>이메일 <input type="email" name="email" value="${provider}.tester@example.com" required maxlength="100"></label>
<label><input type="checkbox" name="email_verified" value="true" checked> 인증된 이메일</label>
<button type="submit" name="decision" value="allow">동의하고 계속하기</button>
<button type="submit" name="decision" value="deny">취소</button>
</form></body></html>`;
}

/** Starts the provider on its own port (by default a free one). */
export async function startLocalSocialProvider(
  options: { host?: string; port?: number } = {},
): Promise<LocalSocialProvider> {
  const codes = new Map<string, { provider: SocialProvider; redirectUri: string; identity: Identity }>();
  const tokens = new Map<string, { provider: SocialProvider; identity: Identity }>();
  const app = Fastify();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  for (const provider of SOCIAL_PROVIDERS) {
    const paths = PATHS[provider];
    const params = (request: FastifyRequest): Record<string, string> => ({
      ...(request.query as Record<string, string>),
      ...((request.body as Record<string, string> | undefined) ?? {}),
    });
    const validReturn = (query: Record<string, string>) =>
      query.client_id === localClientId(provider) && /^https?:\/\//.test(query.redirect_uri ?? '');

    app.get(paths.authorize, (request, reply) => {
      const query = params(request);
      if (!validReturn(query) || query.response_type !== 'code') {
        return reply
          .code(400)
          .type('text/plain; charset=utf-8')
          .send('client_id, redirect_uri, response_type=code가 필요합니다.');
      }
      return reply.type('text/html; charset=utf-8').send(authorizePage(provider, query));
    });

    app.post(paths.authorize, (request, reply) => {
      const form = params(request);
      if (!validReturn(form)) {
        return reply.code(400).type('text/plain; charset=utf-8').send('잘못된 요청입니다.');
      }
      const back = new URL(form.redirect_uri);
      if (form.state) back.searchParams.set('state', form.state);
      const email = (form.email ?? '').trim().toLowerCase();
      if (form.decision !== 'allow' || !email) {
        back.searchParams.set('error', 'access_denied');
      } else {
        const code = randomBytes(18).toString('base64url');
        const identity = {
          name: (form.name ?? '').trim() || `${PROVIDER_PROTOCOLS[provider].label} 테스터`,
          email,
          emailVerified: form.email_verified === 'true',
        };
        codes.set(code, { provider, redirectUri: form.redirect_uri, identity });
        back.searchParams.set('code', code);
      }
      return reply.redirect(back.toString(), 302);
    });

    const exchange = (request: FastifyRequest, reply: FastifyReply) => {
      const form = params(request);
      const issued = codes.get(form.code ?? '');
      codes.delete(form.code ?? '');
      const valid =
        form.grant_type === 'authorization_code' &&
        form.client_id === localClientId(provider) &&
        form.client_secret === localClientSecret(provider) &&
        issued?.provider === provider &&
        issued.redirectUri === form.redirect_uri;
      if (!valid || !issued) {
        refuseCode(provider, reply);
        return reply;
      }
      const accessToken = randomBytes(24).toString('base64url');
      tokens.set(accessToken, { provider, identity: issued.identity });
      return reply.send(tokenAnswer(provider, accessToken));
    };
    app.post(paths.token, exchange);
    // Naver takes the exchange as a GET as well.
    if (provider === 'naver') app.get(paths.token, exchange);

    app.get(paths.profile, (request, reply) => {
      const token = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
      const owner = token ? tokens.get(token) : undefined;
      if (!owner || owner.provider !== provider) {
        refuseToken(provider, reply);
        return reply;
      }
      return reply.send(profileAnswer(provider, owner.identity));
    });
  }

  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 0, host });
  const { port } = app.server.address() as { port: number };
  const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  const settings: SocialSettings = Object.fromEntries(
    SOCIAL_PROVIDERS.map((provider) => [
      provider,
      {
        clientId: localClientId(provider),
        clientSecret: localClientSecret(provider),
        authorizeUrl: url + PATHS[provider].authorize,
        tokenUrl: url + PATHS[provider].token,
        profileUrl: url + PATHS[provider].profile,
      },
    ]),
  );
  return {
    url,
    settings,
    close: () => app.close(),
  };
}
