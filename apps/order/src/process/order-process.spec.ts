import type { OrderFact, ProcessState } from './order-process';
import { advance } from './order-process';

const pending: ProcessState = {
  status: 'PAYMENT_PENDING',
  stock: 'PENDING',
  paidPmno: null,
  cancelReason: null,
};

function run(facts: OrderFact[], from = pending) {
  const announced: unknown[] = [];
  let state = from;
  for (const fact of facts) {
    const step = advance(state, fact);
    state = step.state;
    if (step.announce) announced.push(step.announce);
  }
  return { state, announced };
}

describe('the order process', () => {
  it.each([
    ['stock first', [{ kind: 'STOCK_RESERVED' }, { kind: 'PAYMENT_VERIFIED', pmno: 7 }]],
    ['payment first', [{ kind: 'PAYMENT_VERIFIED', pmno: 7 }, { kind: 'STOCK_RESERVED' }]],
  ] as [string, OrderFact[]][])('completes once paid and reserved, in either order (%s)', (_order, facts) => {
    expect(run(facts)).toEqual({
      state: { status: 'ORDER_COMPLETE', stock: 'RESERVED', paidPmno: 7, cancelReason: null },
      announced: ['COMPLETED'],
    });
  });

  it('waits while only one of the two has happened', () => {
    expect(run([{ kind: 'STOCK_RESERVED' }]).state.status).toBe('PAYMENT_PENDING');
    expect(run([{ kind: 'PAYMENT_VERIFIED', pmno: 1 }]).state.status).toBe('PAYMENT_PENDING');
  });

  it('cancels on rejected stock, a rejected payment or a timeout, and announces it once', () => {
    expect(run([{ kind: 'STOCK_REJECTED' }, { kind: 'PAYMENT_TIMEOUT' }])).toEqual({
      state: { status: 'CANCEL', stock: 'REJECTED', paidPmno: null, cancelReason: 'STOCK_REJECTED' },
      announced: [{ cancelled: 'STOCK_REJECTED' }],
    });
    expect(run([{ kind: 'PAYMENT_REJECTED' }]).announced).toEqual([{ cancelled: 'PAYMENT_REJECTED' }]);
    expect(run([{ kind: 'PAYMENT_TIMEOUT' }]).announced).toEqual([{ cancelled: 'PAYMENT_TIMEOUT' }]);
  });

  it('does not time out a paid order that waits for its stock', () => {
    expect(run([{ kind: 'PAYMENT_VERIFIED', pmno: 3 }, { kind: 'PAYMENT_TIMEOUT' }]).state.status).toBe(
      'PAYMENT_PENDING',
    );
  });

  it('announces the cancellation again when money arrives for a cancelled order, with its first reason', () => {
    const { state, announced } = run([
      { kind: 'PAYMENT_TIMEOUT' },
      { kind: 'PAYMENT_VERIFIED', pmno: 9 },
      { kind: 'STOCK_RESERVED' },
    ]);
    expect(state).toMatchObject({ status: 'CANCEL', paidPmno: 9 });
    expect(announced).toEqual([{ cancelled: 'PAYMENT_TIMEOUT' }, { cancelled: 'PAYMENT_TIMEOUT' }]);
  });

  it('never leaves a completed order', () => {
    const complete = run([{ kind: 'STOCK_RESERVED' }, { kind: 'PAYMENT_VERIFIED', pmno: 1 }]).state;
    for (const fact of [
      { kind: 'PAYMENT_TIMEOUT' },
      { kind: 'PAYMENT_REJECTED' },
      { kind: 'STOCK_REJECTED' },
      { kind: 'PAYMENT_VERIFIED', pmno: 2 },
    ] as OrderFact[]) {
      expect(advance(complete, fact)).toMatchObject({ announce: null });
      expect(advance(complete, fact).state.status).toBe('ORDER_COMPLETE');
    }
  });
});
