import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { SocialProfile, SocialProvider, SocialProviderLink, SocialTokenRequest } from '@mkt/contracts';
import { SOCIAL_PROVIDERS } from '@mkt/contracts';
import type { ErrorBody } from '@mkt/http';
import { PROVIDER_PROTOCOLS } from './provider-protocols';
import type { SocialProviderSettings, SocialSettings } from './social-settings';
import { SOCIAL_SETTINGS } from './social-settings';

const PROVIDER_TIMEOUT_MS = 10_000;

const SocialErrors = {
  unknownProvider: 'SOCIAL_PROVIDER_UNKNOWN',
  refused: 'ERROR_SOCIAL_LOGIN',
  unavailable: 'SOCIAL_PROVIDER_UNAVAILABLE',
} as const;

function fail(status: HttpStatus, error: string, message: string): HttpException {
  return new HttpException({ error, message } satisfies ErrorBody, status);
}

/** 401 ERROR_SOCIAL_LOGIN: the provider refused the code or the token, or a ticket was not valid. */
export function socialRefusal(): HttpException {
  return fail(
    HttpStatus.UNAUTHORIZED,
    SocialErrors.refused,
    '간편 로그인에 실패했습니다. 다시 시도해 주세요.',
  );
}

/** The OAuth 2.0 conversation with Kakao, Naver and Google (or anything speaking their APIs). */
@Injectable()
export class SocialGateway {
  constructor(@Inject(SOCIAL_SETTINGS) private readonly settings: SocialSettings) {}

  /** The login page's buttons: the configured providers, in the spec's order. */
  links(): SocialProviderLink[] {
    return SOCIAL_PROVIDERS.flatMap((provider) => {
      const settings = this.settings[provider];
      if (!settings) return [];
      const url = new URL(settings.authorizeUrl);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', settings.clientId);
      const scope = PROVIDER_PROTOCOLS[provider].scope;
      if (scope) url.searchParams.set('scope', scope);
      return [{ provider, authorizeUrl: url.toString(), redirectUri: settings.redirectUri ?? null }];
    });
  }

  /** The provider by its path name; 404 for one this BFF does not offer. */
  provider(name: string): SocialProvider {
    const provider = SOCIAL_PROVIDERS.find((known) => known === name);
    if (!provider || !this.settings[provider])
      throw fail(HttpStatus.NOT_FOUND, SocialErrors.unknownProvider, '지원하지 않는 간편 로그인입니다.');
    return provider;
  }

  /** Exchanges the authorization code for the provider's access token. */
  async exchangeCode(provider: SocialProvider, code: string, request: SocialTokenRequest): Promise<string> {
    const settings = this.configured(provider);
    if (settings.redirectUri && settings.redirectUri !== request.redirect_uri)
      throw fail(HttpStatus.BAD_REQUEST, 'BAD_REQUEST', 'redirect_uri가 등록된 주소와 다릅니다.');
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: settings.clientId,
      client_secret: settings.clientSecret,
      code,
      redirect_uri: request.redirect_uri,
    });
    if (request.state) form.set('state', request.state);
    const body = await this.call(provider, settings.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
      body: form,
    });
    const token = (body as { access_token?: unknown } | null)?.access_token;
    if (typeof token !== 'string' || !token) throw socialRefusal();
    return token;
  }

  /** Who the access token belongs to, as the provider says. */
  async profile(provider: SocialProvider, accessToken: string): Promise<SocialProfile> {
    const settings = this.configured(provider);
    const body = await this.call(provider, settings.profileUrl, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    const profile = PROVIDER_PROTOCOLS[provider].profileOf(body);
    if (!profile) throw socialRefusal();
    return { provider, ...profile };
  }

  private configured(provider: SocialProvider): SocialProviderSettings {
    const settings = this.settings[provider];
    if (!settings) throw new Error(`${provider} sign-in is not configured`);
    return settings;
  }

  /** The provider's JSON answer; a refusal (4xx, or a body the provider marks as an error) is 401, an outage 502. */
  private async call(provider: SocialProvider, url: string, init: RequestInit): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(url, {
        ...init,
        headers: { accept: 'application/json', ...init.headers },
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      });
    } catch {
      throw this.unavailable(provider);
    }
    if (response.status >= 500) throw this.unavailable(provider);
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok || (body !== null && typeof body === 'object' && 'error' in body)) throw socialRefusal();
    return body;
  }

  private unavailable(provider: SocialProvider): HttpException {
    return fail(
      HttpStatus.BAD_GATEWAY,
      SocialErrors.unavailable,
      `${PROVIDER_PROTOCOLS[provider].label} 로그인 서버에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.`,
    );
  }
}
