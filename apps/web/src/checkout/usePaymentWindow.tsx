import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type ReactNode } from 'react';
import { fetchPaymentGateway } from '../shared/api/orders';
import {
  PaymentModuleUnavailableError,
  type PayAtGateway,
  type PaymentOutcome,
  type PaymentRequest,
} from './paymentWindow';
import { payWithPortOne } from './portOneWindow';
import { SandboxPaymentWindow } from './SandboxPaymentWindow';

const gatewayQuery = queryOptions({
  queryKey: ['payments', 'gateway'],
  queryFn: ({ signal }) => fetchPaymentGateway(signal),
  staleTime: Infinity,
});

interface OpenSandboxWindow {
  request: PaymentRequest;
  settle(outcome: PaymentOutcome): void;
}

/**
 * `pay(request)` opens the payment window the server configures (GET /api/payments/gateway): the
 * sandbox's dialog, rendered where `paymentWindow` is placed, or PortOne's popup.
 */
export function usePaymentWindow(): { pay: PayAtGateway; paymentWindow: ReactNode } {
  const queryClient = useQueryClient();
  // Asked as the checkout opens, so the window opens at once on payment.
  useQuery(gatewayQuery);
  const [sandbox, setSandbox] = useState<OpenSandboxWindow | null>(null);

  const pay = useCallback<PayAtGateway>(
    async (request) => {
      let gateway;
      try {
        gateway = await queryClient.fetchQuery(gatewayQuery);
      } catch (error) {
        throw new PaymentModuleUnavailableError(error);
      }
      if (gateway.mode === 'portone') return payWithPortOne(gateway.merchantCode, request);
      return new Promise<PaymentOutcome>((resolve) => {
        setSandbox({
          request,
          settle: (outcome) => {
            setSandbox(null);
            resolve(outcome);
          },
        });
      });
    },
    [queryClient],
  );

  const paymentWindow = sandbox ? (
    <SandboxPaymentWindow request={sandbox.request} onSettle={sandbox.settle} />
  ) : null;
  return { pay, paymentWindow };
}
