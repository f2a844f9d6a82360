import { Inject } from '@nestjs/common';
import type { ICommandHandler } from '@nestjs/cqrs';
import { CommandHandler } from '@nestjs/cqrs';
import type { PaymentRecord, PaymentRecordResult } from '@mkt/contracts';
import type { Payment } from '../database';
import { PaymentDatabase } from '../database';
import { OrderReader } from '@mkt/internal-clients';
import { PAYMENT_GATEWAY } from '../gateway/gateway.providers';
import type { GatewayPayment, PaymentGateway } from '../gateway/payment-gateway';
import { GatewayUnreachableError, PaymentNotFoundError } from '../gateway/payment-gateway';
import { PaymentMessages } from './payment-messages';

/** The browser tells which gateway payment (imp_uid) it made for the member's order. */
export class RecordPayment {
  constructor(
    readonly mno: number,
    readonly payment: PaymentRecord,
  ) {}
}

const refused = (errorMessage: string): PaymentRecordResult => ({ success: false, pmno: null, errorMessage });
const recorded = (payment: Payment): PaymentRecordResult => ({
  success: true,
  pmno: payment.pmno,
  errorMessage: null,
});

/** Records nobody may take over: they were checked with the gateway, or are being given back. */
const SETTLED = ['VERIFIED', 'FOREIGN', 'REJECTED', 'CANCELLED', 'NOT_PAID'] as const;

/**
 * Records the payment for verification. Nothing is trusted yet: verification asks the gateway, and
 * gives back money that cannot pay the order (a cancelled or already paid one), so even that is
 * recorded. Recording the same imp_uid for the same order again answers the same record.
 *
 * A payment belongs to its payer: when the gateway names another member as the payer, the record is
 * refused and nothing is kept, so the payer can still record it. A merchant_uid is bound to the
 * member's order the first time its payer records it, and never to another order after that.
 */
@CommandHandler(RecordPayment)
export class RecordPaymentHandler implements ICommandHandler<RecordPayment, PaymentRecordResult> {
  constructor(
    private readonly db: PaymentDatabase,
    @Inject(OrderReader) private readonly orders: OrderReader,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
  ) {}

  async execute({ mno, payment }: RecordPayment): Promise<PaymentRecordResult> {
    // 404 for another member's order: it is not theirs to pay.
    const order = await this.orders.order(payment.ono, mno);
    const atGateway = await this.lookUp(payment.imp_uid);
    if (atGateway?.payerMno != null && atGateway.payerMno !== mno)
      return refused(PaymentMessages.notYourPayment);
    // Confirmed by the gateway (or nobody named, as a client that sets no custom_data pays): bind it.
    const payerConfirmed = atGateway !== undefined && atGateway.merchantUid === payment.merchant_uid;
    const bindingRefusal = await this.bind(payment.merchant_uid, mno, order.ono, payerConfirmed);
    if (bindingRefusal) return refused(bindingRefusal);

    const existing = await this.db.payment.findUnique({ where: { impUid: payment.imp_uid } });
    if (existing) return this.answerExisting(existing, mno, order.ono, payment, atGateway);
    try {
      return recorded(
        await this.db.payment.create({
          data: {
            ono: order.ono,
            mno,
            impUid: payment.imp_uid,
            merchantUid: payment.merchant_uid,
            claimedAmount: payment.amount ?? null,
            pmMethod: payment.pm_method,
          },
        }),
      );
    } catch (error) {
      // The same imp_uid recorded twice at once: the first record answers both.
      const winner = await this.db.payment.findUnique({ where: { impUid: payment.imp_uid } });
      if (winner?.ono === order.ono && winner.mno === mno) return recorded(winner);
      throw error;
    }
  }

  /** The gateway's payment, or undefined when it cannot say now (verification asks again). */
  private async lookUp(impUid: string): Promise<GatewayPayment | undefined> {
    try {
      return await this.gateway.findPayment(impUid);
    } catch (error) {
      if (error instanceof GatewayUnreachableError || error instanceof PaymentNotFoundError) return undefined;
      throw error;
    }
  }

  /** Binds the merchant_uid to the member's order (only when `confirmed`); a refusal's text when bound to another. */
  private async bind(
    merchantUid: string,
    mno: number,
    ono: number,
    confirmed: boolean,
  ): Promise<string | null> {
    if (confirmed)
      await this.db.merchantUidBinding.createMany({
        data: [{ merchantUid, mno, ono }],
        skipDuplicates: true,
      });
    const binding = await this.db.merchantUidBinding.findUnique({ where: { merchantUid } });
    return binding && (binding.mno !== mno || binding.ono !== ono) ? PaymentMessages.merchantUidBound : null;
  }

  /**
   * The imp_uid was recorded before: by this member for this order (the same record), or by someone
   * the gateway does not name as payer before it was checked, whose record its payer takes over.
   */
  private async answerExisting(
    existing: Payment,
    mno: number,
    ono: number,
    payment: PaymentRecord,
    atGateway: GatewayPayment | undefined,
  ): Promise<PaymentRecordResult> {
    if (existing.ono === ono && existing.mno === mno) return recorded(existing);
    const takeOver = atGateway?.payerMno === mno && !(SETTLED as readonly string[]).includes(existing.status);
    if (!takeOver) return refused(PaymentMessages.impUidUsed);
    const { count } = await this.db.payment.updateMany({
      where: { pmno: existing.pmno, status: existing.status },
      data: {
        ono,
        mno,
        merchantUid: payment.merchant_uid,
        claimedAmount: payment.amount ?? null,
        pmMethod: payment.pm_method,
        status: 'RECORDED',
        failReason: null,
      },
    });
    if (count === 0) return refused(PaymentMessages.impUidUsed);
    return recorded(await this.db.payment.findUniqueOrThrow({ where: { pmno: existing.pmno } }));
  }
}
