import type { SocialProviderLink } from '@mkt/contracts';
import {
  beginSocialSignIn,
  pathAfterSocialSignIn,
  socialProviderOf,
  takePendingSignIn,
} from './socialSignIn';

function memoryStore() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const kakao: SocialProviderLink = {
  provider: 'kakao',
  authorizeUrl: 'https://kauth.example/oauth/authorize?response_type=code&client_id=abc',
  redirectUri: null,
};

describe('social sign-in in the browser', () => {
  it('sends the browser to the provider with a fresh state and its own return address', () => {
    const store = memoryStore();
    const url = new URL(beginSocialSignIn(kakao, 'http://shop.example', store, () => 'state-1'));
    expect(url.origin + url.pathname).toBe('https://kauth.example/oauth/authorize');
    expect(url.searchParams.get('client_id')).toBe('abc');
    expect(url.searchParams.get('state')).toBe('state-1');
    expect(url.searchParams.get('redirect_uri')).toBe('http://shop.example/member/kakao/suc');
  });

  it('uses the registered return address when the server names one', () => {
    const registered = { ...kakao, redirectUri: 'https://dealmarket.kr/member/kakao/suc' };
    const url = new URL(beginSocialSignIn(registered, 'http://localhost:8080', memoryStore(), () => 's'));
    expect(url.searchParams.get('redirect_uri')).toBe('https://dealmarket.kr/member/kakao/suc');
  });

  it('accepts a return only with the state it started, and only once', () => {
    const store = memoryStore();
    beginSocialSignIn(kakao, 'http://shop.example', store, () => 'state-1');
    expect(takePendingSignIn('kakao', 'forged', store)).toBeNull();

    beginSocialSignIn(kakao, 'http://shop.example', store, () => 'state-2');
    expect(takePendingSignIn('naver', 'state-2', store)).toBeNull();
    expect(takePendingSignIn('kakao', 'state-2', store)).toEqual({
      redirectUri: 'http://shop.example/member/kakao/suc',
    });
    expect(takePendingSignIn('kakao', 'state-2', store)).toBeNull();
  });

  it('refuses a return with no state or a damaged record', () => {
    const store = memoryStore();
    beginSocialSignIn(kakao, 'http://shop.example', store, () => 'state-1');
    expect(takePendingSignIn('kakao', null, store)).toBeNull();
    store.setItem('mkt.social.kakao', '{not json');
    expect(takePendingSignIn('kakao', 'state-1', store)).toBeNull();
  });

  it('knows the three providers by their path names only', () => {
    expect(socialProviderOf('google')).toBe('google');
    expect(socialProviderOf('facebook')).toBeNull();
    expect(socialProviderOf(undefined)).toBeNull();
  });

  it('sends social members to the profile page, others home, consoles to their roles', () => {
    expect(pathAfterSocialSignIn('member', true)).toBe('/member/modify');
    expect(pathAfterSocialSignIn('member', false)).toBe('/');
    expect(pathAfterSocialSignIn('admin', false)).toBe('/admin');
    expect(pathAfterSocialSignIn('seller', false)).toBe('/seller');
  });
});
