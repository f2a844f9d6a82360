import { loadConfig } from '@mkt/platform';
import { z } from 'zod';
import { PROVIDER_PROTOCOLS } from './provider-protocols';
import { socialEnv, socialSettingsFromEnv } from './social-settings';

const schema = z.object({ ...socialEnv.shape }).superRefine(socialEnv.checkPairs);
const load = (env: Record<string, string>) => socialSettingsFromEnv(loadConfig(schema, env));

describe('social sign-in settings', () => {
  it('offers a provider when its client id and secret are set, at its public endpoints unless told otherwise', () => {
    const settings = load({
      KAKAO_CLIENT_ID: 'kakao-id',
      KAKAO_CLIENT_SECRET: 'kakao-secret',
      GOOGLE_CLIENT_ID: 'google-id',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GOOGLE_TOKEN_URL: 'http://127.0.0.1:9000/token',
      GOOGLE_REDIRECT_URI: 'https://dealmarket.kr/member/google/suc',
    });
    expect(Object.keys(settings).sort()).toEqual(['google', 'kakao']);
    expect(settings.kakao).toMatchObject({
      clientId: 'kakao-id',
      tokenUrl: 'https://kauth.kakao.com/oauth/token',
      profileUrl: 'https://kapi.kakao.com/v2/user/me',
    });
    expect(settings.kakao?.redirectUri).toBeUndefined();
    expect(settings.google).toMatchObject({
      tokenUrl: 'http://127.0.0.1:9000/token',
      authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      redirectUri: 'https://dealmarket.kr/member/google/suc',
    });
  });

  it('takes empty variables as unset (compose passes unset ones on empty)', () => {
    expect(load({ NAVER_CLIENT_ID: '', NAVER_CLIENT_SECRET: '', NAVER_TOKEN_URL: '' })).toEqual({});
  });

  it('stops at start naming the missing half of a pair and a malformed address', () => {
    expect(() => load({ NAVER_CLIENT_ID: 'naver-id' })).toThrow('NAVER_CLIENT_SECRET is missing');
    expect(() => load({ KAKAO_CLIENT_SECRET: 'secret' })).toThrow('KAKAO_CLIENT_ID is missing');
    expect(() => load({ GOOGLE_PROFILE_URL: 'not a url' })).toThrow(/GOOGLE_PROFILE_URL is invalid/);
  });
});

describe('provider profiles', () => {
  it('Kakao: an e-mail counts as verified only when Kakao says it is valid and verified', () => {
    const answer = (verified: boolean) => ({
      id: 4012345678,
      kakao_account: {
        email: 'Shopper@Example.kr',
        is_email_valid: true,
        is_email_verified: verified,
        gender: 'female',
        profile: { nickname: '딜러' },
      },
    });
    expect(PROVIDER_PROTOCOLS.kakao.profileOf(answer(true))).toEqual({
      providerUserId: '4012345678',
      email: 'shopper@example.kr',
      emailVerified: true,
      name: '딜러',
      nickname: '딜러',
      isMan: false,
    });
    expect(PROVIDER_PROTOCOLS.kakao.profileOf(answer(false))?.emailVerified).toBe(false);
    expect(PROVIDER_PROTOCOLS.kakao.profileOf({ id: 1 })).toMatchObject({
      providerUserId: '1',
      emailVerified: false,
    });
  });

  it('Naver: reads the response envelope, never vouches for the e-mail, refuses a failed result code', () => {
    const profile = PROVIDER_PROTOCOLS.naver.profileOf({
      resultcode: '00',
      message: 'success',
      response: { id: 'abc_DEF-1', email: 'n@example.kr', name: '김네이버', gender: 'M' },
    });
    expect(profile).toMatchObject({
      providerUserId: 'abc_DEF-1',
      emailVerified: false,
      name: '김네이버',
      isMan: true,
    });
    expect(
      PROVIDER_PROTOCOLS.naver.profileOf({ resultcode: '024', message: 'Authentication failed' }),
    ).toBeNull();
  });

  it('Google: takes email_verified as a boolean or a string, shortens long names to 30 characters', () => {
    const long = 'A'.repeat(40);
    expect(
      PROVIDER_PROTOCOLS.google.profileOf({
        sub: '1090',
        email: 'g@example.kr',
        email_verified: 'true',
        name: long,
      }),
    ).toMatchObject({ providerUserId: '1090', emailVerified: true, name: 'A'.repeat(30) });
    expect(
      PROVIDER_PROTOCOLS.google.profileOf({ sub: '1090', email: 'g@example.kr', email_verified: false }),
    ).toMatchObject({
      emailVerified: false,
    });
    expect(PROVIDER_PROTOCOLS.google.profileOf({ email: 'no-subject@example.kr' })).toBeNull();
  });
});
