import { openPaymentGateway } from './gateway-settings';
import { paySandbox } from './sandbox/sandbox-pay';

describe('the payment gateway in sandbox mode', () => {
  it('starts the sandbox on a loopback port behind the PortOne adapter, and stops it on close', async () => {
    const opened = await openPaymentGateway({ mode: 'sandbox' });
    try {
      expect(opened.sandboxUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const { imp_uid } = await paySandbox(opened.sandboxUrl!, {
        merchant_uid: `mkt_${Date.now()}`,
        amount: 25_000,
        pg_provider: 'naverpay',
      });
      await expect(opened.gateway.findPayment(imp_uid)).resolves.toMatchObject({
        amount: 25_000,
        status: 'paid',
      });
    } finally {
      await opened.close();
    }
    await expect(fetch(`${opened.sandboxUrl}/sandbox/payments`, { method: 'POST' })).rejects.toThrow();
  });
});
