import { loadConfig } from '@mkt/platform';
import { z } from 'zod';
import { openPaymentGateway, paymentGatewayEnv, paymentGatewaySettingsFromEnv } from './gateway-settings';
import { PortOneGateway } from './portone-gateway';

const schema = z.object({ ...paymentGatewayEnv.shape }).superRefine(paymentGatewayEnv.checkComplete);
const load = (env: Record<string, string>) => paymentGatewaySettingsFromEnv(loadConfig(schema, env));

const REAL = {
  PORTONE_API_KEY: '1234567890123456',
  PORTONE_API_SECRET: 'secret-from-the-admin-console',
  PORTONE_MERCHANT_CODE: 'imp12345678',
};

describe('payment gateway settings', () => {
  it('runs the sandbox when no PortOne setting is given, empty ones included', () => {
    expect(load({})).toEqual({ mode: 'sandbox' });
    expect(load({ PORTONE_API_KEY: '', PORTONE_API_SECRET: '', PORTONE_API_URL: '' })).toEqual({
      mode: 'sandbox',
    });
  });

  it('uses real PortOne, at its public API unless told otherwise, when key, secret and merchant code are set', () => {
    expect(load(REAL)).toEqual({
      mode: 'portone',
      apiUrl: 'https://api.iamport.kr',
      apiKey: REAL.PORTONE_API_KEY,
      apiSecret: REAL.PORTONE_API_SECRET,
      merchantCode: 'imp12345678',
    });
    expect(load({ ...REAL, PORTONE_API_URL: 'https://portone-proxy.internal:8443' })).toMatchObject({
      mode: 'portone',
      apiUrl: 'https://portone-proxy.internal:8443',
    });
  });

  it('uses a sandbox gateway of its own process, shared by every payment replica, when its address is given', () => {
    expect(
      load({
        SANDBOX_GATEWAY_URL: 'http://127.0.0.1:9400',
        SANDBOX_API_KEY: 'key',
        SANDBOX_API_SECRET: 'secret',
      }),
    ).toEqual({
      mode: 'sandbox',
      shared: { url: 'http://127.0.0.1:9400', apiKey: 'key', apiSecret: 'secret' },
    });
    expect(() => load({ SANDBOX_GATEWAY_URL: 'http://127.0.0.1:9400' })).toThrow(
      'SANDBOX_API_KEY is missing; SANDBOX_API_SECRET is missing',
    );
  });

  it('stops at start when only part of PortOne is configured, never falling back to the sandbox', () => {
    expect(() => load({ PORTONE_API_KEY: REAL.PORTONE_API_KEY })).toThrow(
      'PORTONE_API_SECRET is missing; PORTONE_MERCHANT_CODE is missing',
    );
    // An empty setting is an unset one.
    expect(() => load({ ...REAL, PORTONE_MERCHANT_CODE: '' })).toThrow('PORTONE_MERCHANT_CODE is missing');
    expect(() => load({ PORTONE_API_URL: 'https://api.iamport.kr' })).toThrow(/PORTONE_API_KEY is missing/);
  });

  it('refuses a malformed merchant code or API address', () => {
    expect(() => load({ ...REAL, PORTONE_MERCHANT_CODE: REAL.PORTONE_API_KEY })).toThrow(
      /PORTONE_MERCHANT_CODE is invalid/,
    );
    expect(() => load({ ...REAL, PORTONE_API_URL: 'api.iamport.kr' })).toThrow(/PORTONE_API_URL is invalid/);
    expect(() => load({ ...REAL, PORTONE_API_URL: 'ftp://api.iamport.kr' })).toThrow(
      /PORTONE_API_URL is invalid/,
    );
  });

  it('with real PortOne opens the PortOne adapter and no sandbox, so no sandbox pay call exists', async () => {
    const opened = await openPaymentGateway(load(REAL));
    expect(opened.gateway).toBeInstanceOf(PortOneGateway);
    expect(opened.sandboxUrl).toBeUndefined();
    await opened.close();
  });
});
