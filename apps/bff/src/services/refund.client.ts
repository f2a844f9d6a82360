import { z } from 'zod';
import { refundHistoryItemSchema, refundHistoryPageSchema, refundOfOrderSchema } from '@mkt/contracts';
import type {
  RefundDto,
  RefundHistoryItem,
  RefundHistoryPage,
  RefundHistoryQuery,
  RefundOfOrderDto,
  RefundRequest,
  Role,
} from '@mkt/contracts';
import type { ServiceClient } from '@mkt/http';

/** Typed calls to the refund service. */
export class RefundClient {
  constructor(private readonly http: ServiceClient) {}

  request(mno: number, ono: number, request: RefundRequest): Promise<RefundDto> {
    return this.http.post(`/refunds/order/${ono}`, { mno, request });
  }

  history(mno: number, query: RefundHistoryQuery): Promise<RefundHistoryPage> {
    return this.http.get(`/refunds/member/${mno}`, refundHistoryPageSchema, { ...query });
  }

  /** The refunds of the member's order, oldest first. */
  ofMemberOrder(mno: number, ono: number): Promise<RefundHistoryItem[]> {
    return this.http.get(`/refunds/member/${mno}/order/${ono}`, z.array(refundHistoryItemSchema));
  }

  ofOrders(onos: number[], sellerId: number | undefined): Promise<RefundOfOrderDto[]> {
    if (onos.length === 0) return Promise.resolve([]);
    return this.http.get('/refunds/of-orders', z.array(refundOfOrderSchema), {
      ono: onos.join(','),
      sellerId,
    });
  }

  async approve(rfno: number, decider: { mno: number; role: Role }): Promise<string> {
    return (await this.http.post<{ message: string }>(`/refunds/${rfno}/approve`, decider)).message;
  }

  async reject(rfno: number, decider: { mno: number; role: Role }, reason: string): Promise<string> {
    return (await this.http.post<{ message: string }>(`/refunds/${rfno}/reject`, { ...decider, reason }))
      .message;
  }
}
