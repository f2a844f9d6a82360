import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { PaymentProvider } from '@mkt/contracts';
import {
  GatewayCredentialsRefusedError,
  GatewayRefusedError,
  GatewayUnreachableError,
  PaymentNotFoundError,
} from './payment-gateway';
import { PortOneGateway } from './portone-gateway';
import type { SandboxGateway, SandboxGatewayOptions } from './sandbox/sandbox-gateway';
import { startSandboxGateway } from './sandbox/sandbox-gateway';
import { paySandbox } from './sandbox/sandbox-pay';

/** The PortOne adapter against the sandbox gateway on a loopback port: no fetch is mocked. */
describe('the PortOne gateway against the sandbox', () => {
  const sandboxes: SandboxGateway[] = [];
  const startSandbox = async (options: SandboxGatewayOptions = {}) => {
    const sandbox = await startSandboxGateway(options);
    sandboxes.push(sandbox);
    return sandbox;
  };
  const adapterFor = (sandbox: SandboxGateway, overrides: { apiSecret?: string } = {}) =>
    new PortOneGateway({
      apiKey: sandbox.apiKey,
      apiSecret: sandbox.apiSecret,
      baseUrl: sandbox.url,
      ...overrides,
    });
  const newMerchantUid = () => `mkt_${Date.now()}_${randomBytes(3).toString('hex')}`;

  let sandbox: SandboxGateway;
  let gateway: PortOneGateway;
  const pay = (
    amount: number,
    options: { merchantUid?: string; outcome?: 'paid' | 'failed' | 'abandoned' } = {},
  ) => {
    const merchantUid = options.merchantUid ?? newMerchantUid();
    return paySandbox(sandbox.url, {
      merchant_uid: merchantUid,
      amount,
      pg_provider: 'kakaopay' satisfies PaymentProvider,
      pay_method: 'card',
      name: '사과 외 1건',
      outcome: options.outcome,
    }).then((result) => ({ ...result, merchantUid }));
  };

  beforeAll(async () => {
    sandbox = await startSandbox();
    gateway = adapterFor(sandbox);
  });

  afterAll(() => Promise.all(sandboxes.map((each) => each.close())));

  describe('access tokens', () => {
    it('issues one token and reuses it until it expires', async () => {
      const own = await startSandbox();
      const adapter = adapterFor(own);
      const { imp_uid } = await paySandbox(own.url, {
        merchant_uid: newMerchantUid(),
        amount: 1000,
        pg_provider: 'payco',
      });
      await Promise.all([adapter.findPayment(imp_uid), adapter.findPayment(imp_uid)]);
      await adapter.findPayment(imp_uid);
      expect(own.issuedTokenCount()).toBe(1);
    });

    it('asks for a new token when the gateway no longer takes the cached one', async () => {
      const own = await startSandbox();
      const adapter = adapterFor(own);
      const { imp_uid } = await paySandbox(own.url, {
        merchant_uid: newMerchantUid(),
        amount: 1000,
        pg_provider: 'payco',
      });
      await adapter.findPayment(imp_uid);
      own.revokeTokens();
      await expect(adapter.findPayment(imp_uid)).resolves.toMatchObject({ impUid: imp_uid });
      expect(own.issuedTokenCount()).toBe(2);
    });

    it('does not reuse a token that expires within the renewal margin', async () => {
      const own = await startSandbox({ tokenLifetimeSeconds: 30 });
      const adapter = adapterFor(own);
      const { imp_uid } = await paySandbox(own.url, {
        merchant_uid: newMerchantUid(),
        amount: 1000,
        pg_provider: 'payco',
      });
      await adapter.findPayment(imp_uid);
      await adapter.findPayment(imp_uid);
      expect(own.issuedTokenCount()).toBe(2);
    });

    it('is refused with a wrong secret, and the API is closed without a token', async () => {
      const { imp_uid } = await pay(1000);
      const wrong = adapterFor(sandbox, { apiSecret: 'not-the-secret' });
      await expect(wrong.findPayment(imp_uid)).rejects.toThrow(GatewayCredentialsRefusedError);
      await expect(wrong.findPayment(imp_uid)).rejects.toThrow(GatewayRefusedError);

      const tokenAnswer = await fetch(`${sandbox.url}/users/getToken`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ imp_key: sandbox.apiKey, imp_secret: 'not-the-secret' }),
      });
      expect(tokenAnswer.status).toBe(401);
      expect(await tokenAnswer.json()).toMatchObject({ code: -1, response: null });
      const lookup = await fetch(`${sandbox.url}/payments/${imp_uid}`);
      expect(lookup.status).toBe(401);
      expect(await lookup.json()).toEqual({ code: -1, message: 'Unauthorized', response: null });
    });
  });

  describe('payments', () => {
    it('finds a paid payment with the amount and the order id that were posted', async () => {
      const before = Date.now();
      // Any amount can be paid: comparing it with the order's total is the payment service's job.
      const { imp_uid, status, fail_reason, merchantUid } = await pay(12_340);
      expect(imp_uid).toMatch(/^imp_\d{12}$/);
      expect({ status, fail_reason }).toEqual({ status: 'paid', fail_reason: null });

      const payment = await gateway.findPayment(imp_uid);
      expect(payment).toEqual({
        impUid: imp_uid,
        merchantUid,
        amount: 12_340,
        status: 'paid',
        cancelledAmount: 0,
        pgProvider: 'kakaopay',
        payMethod: 'card',
        paidAt: expect.any(Date),
        failReason: null,
        // Paid without custom_data: the gateway names no payer.
        payerMno: null,
      });
      expect(payment.paidAt!.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    });

    it('finds the latest payment of an order id; an order paid once cannot be paid again', async () => {
      const declined = await pay(5_000, { outcome: 'failed' });
      const retried = await pay(5_000, { merchantUid: declined.merchantUid });
      expect(retried.imp_uid).not.toBe(declined.imp_uid);
      await expect(gateway.findByMerchantUid(declined.merchantUid)).resolves.toMatchObject({
        impUid: retried.imp_uid,
        status: 'paid',
      });
      await expect(pay(5_000, { merchantUid: declined.merchantUid })).rejects.toThrow(GatewayRefusedError);
      await expect(gateway.findByMerchantUid(newMerchantUid())).rejects.toThrow(PaymentNotFoundError);
    });

    it('records a declined payment and a window the shopper closed as failed, with the reason', async () => {
      const declined = await pay(7_000, { outcome: 'failed' });
      expect(declined.status).toBe('failed');
      expect(declined.fail_reason).toEqual(expect.any(String));
      await expect(gateway.findPayment(declined.imp_uid)).resolves.toMatchObject({
        status: 'failed',
        amount: 7_000,
        paidAt: null,
        failReason: declined.fail_reason,
      });

      const abandoned = await pay(7_000, { outcome: 'abandoned' });
      await expect(gateway.findPayment(abandoned.imp_uid)).resolves.toMatchObject({
        status: 'failed',
        failReason: '사용자가 결제를 취소하셨습니다',
      });
      await expect(gateway.cancel({ impUid: declined.imp_uid, reason: 'test' })).rejects.toThrow(
        GatewayRefusedError,
      );
    });

    it('answers not found for an imp_uid it never issued', async () => {
      await expect(gateway.findPayment('imp_000000000000')).rejects.toThrow(PaymentNotFoundError);
      await expect(gateway.cancel({ impUid: 'imp_000000000000', reason: 'test' })).rejects.toThrow(
        PaymentNotFoundError,
      );
    });

    it('refuses a malformed pay call with a PortOne-style error', async () => {
      const answer = await fetch(`${sandbox.url}/sandbox/payments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ merchant_uid: newMerchantUid(), amount: -5, pg_provider: 'kakaopay' }),
      });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({
        code: -1,
        message: expect.stringMatching(/^amount: /),
        response: null,
      });
    });
  });

  describe('cancels', () => {
    it('gives back part, refuses more than remains, then gives back the rest', async () => {
      const { imp_uid } = await pay(10_000);

      const partly = await gateway.cancel({ impUid: imp_uid, amount: 3_000, reason: '부분 환불' });
      expect(partly).toMatchObject({ status: 'paid', amount: 10_000, cancelledAmount: 3_000 });

      await expect(gateway.cancel({ impUid: imp_uid, amount: 7_010, reason: '초과 환불' })).rejects.toThrow(
        GatewayRefusedError,
      );
      await expect(gateway.findPayment(imp_uid)).resolves.toMatchObject({
        status: 'paid',
        cancelledAmount: 3_000,
      });

      const fully = await gateway.cancel({ impUid: imp_uid, reason: '주문 취소' });
      expect(fully).toMatchObject({ status: 'cancelled', cancelledAmount: 10_000 });
      await expect(gateway.findPayment(imp_uid)).resolves.toMatchObject({ status: 'cancelled' });
      await expect(gateway.cancel({ impUid: imp_uid, reason: '다시 취소' })).rejects.toThrow(
        GatewayRefusedError,
      );
    });

    it('refuses a cancel whose idea of the cancellable amount is stale, so a retry gives back nothing twice', async () => {
      const { imp_uid } = await pay(10_000);
      const cancelPart = () =>
        gateway.cancel({ impUid: imp_uid, amount: 4_000, reason: '판매자 승인', cancellableAmount: 10_000 });
      await expect(cancelPart()).resolves.toMatchObject({ cancelledAmount: 4_000 });
      await expect(cancelPart()).rejects.toThrow(GatewayRefusedError);
      await expect(gateway.findPayment(imp_uid)).resolves.toMatchObject({ cancelledAmount: 4_000 });
    });
  });

  describe('an unreachable gateway', () => {
    const listen = async (server: Server) => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    };
    const stop = (server: Server) =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    const adapterAt = (baseUrl: string) =>
      new PortOneGateway({ apiKey: 'key', apiSecret: 'secret', baseUrl, timeoutMs: 300 });

    it('nothing listening', async () => {
      const server = createServer();
      const url = await listen(server);
      await stop(server);
      await expect(adapterAt(url).findPayment('imp_000000000001')).rejects.toThrow(GatewayUnreachableError);
    });

    it('no answer in time, a server error, an answer that is not PortOne', async () => {
      const silent = createServer(() => {});
      const failing = createServer((_request, response) => response.writeHead(502).end('Bad Gateway'));
      const foreign = createServer((_request, response) =>
        response.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>'),
      );
      try {
        for (const server of [silent, failing, foreign]) {
          const adapter = adapterAt(await listen(server));
          await expect(adapter.findPayment('imp_000000000001')).rejects.toThrow(GatewayUnreachableError);
        }
      } finally {
        await Promise.all([silent, failing, foreign].map(stop));
      }
    });
  });
});
