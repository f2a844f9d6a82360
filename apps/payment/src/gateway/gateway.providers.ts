import type { OnApplicationShutdown, Provider } from '@nestjs/common';
import { Inject, Injectable } from '@nestjs/common';
import { loadConfig } from '@mkt/platform';
import { z } from 'zod';
import type { OpenedPaymentGateway } from './gateway-settings';
import { openPaymentGateway, paymentGatewayEnv, paymentGatewaySettingsFromEnv } from './gateway-settings';

/** The PaymentGateway the settings chose. */
export const PAYMENT_GATEWAY = Symbol('PAYMENT_GATEWAY');
/** The opened gateway: its sandbox URL (sandbox mode) and its close. */
export const OPENED_GATEWAY = Symbol('OPENED_GATEWAY');

const gatewayConfig = z.object(paymentGatewayEnv.shape).superRefine(paymentGatewayEnv.checkComplete);

/** Closes the sandbox gateway (when it runs in this process) with the service. */
@Injectable()
class GatewayLifecycle implements OnApplicationShutdown {
  constructor(@Inject(OPENED_GATEWAY) private readonly opened: OpenedPaymentGateway) {}

  onApplicationShutdown(): Promise<void> {
    return this.opened.close();
  }
}

/** Real PortOne when PORTONE_* are set, else the sandbox started on a loopback port. */
export const gatewayProviders: Provider[] = [
  {
    provide: OPENED_GATEWAY,
    useFactory: () => openPaymentGateway(paymentGatewaySettingsFromEnv(loadConfig(gatewayConfig))),
  },
  {
    provide: PAYMENT_GATEWAY,
    inject: [OPENED_GATEWAY],
    useFactory: (opened: OpenedPaymentGateway) => opened.gateway,
  },
  GatewayLifecycle,
];
