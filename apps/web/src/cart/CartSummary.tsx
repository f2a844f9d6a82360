import type { CartLineDto, CartSummaryDto } from '@mkt/contracts';
import { formatWon } from '@mkt/pricing';
import { useIsMutating, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { cartKeys, cartSummaryQuery } from '../shared/api/cart';
import { ErrorState } from '../shared/ui/ErrorState';
import { summaryIds } from './cartSelection';

const NOTHING_CHOSEN: CartSummaryDto = {
  productAmount: 0,
  discountAmount: 0,
  paymentAmount: 0,
  shippingFee: 0,
  lineCount: 0,
};

interface CartSummaryProps {
  mno: number;
  selected: readonly CartLineDto[];
  onOrder: () => void;
}

/** 결제 예정 금액: the server's summary of the chosen lines (nothing chosen: zeros, without asking) and the order button. */
export function CartSummary({ mno, selected, onOrder }: CartSummaryProps) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const cinos = summaryIds(selected);
  // While a quantity is being saved the server would answer for the old one (and refuse a line the
  // new quantity makes orderable): ask once the saves are done.
  const saving = useIsMutating({ mutationKey: cartKeys.lines(mno) }) > 0;
  const summary = useQuery({ ...cartSummaryQuery(mno, cinos), enabled: cinos.length > 0 && !saving });
  const figures = cinos.length === 0 ? NOTHING_CHOSEN : summary.data;
  const updating = cinos.length > 0 && (saving || summary.isFetching);

  return (
    <aside className="cart-summary" aria-labelledby={titleId}>
      <h2 id={titleId} className="cart-summary__title">
        결제 예정 금액
      </h2>
      {cinos.length > 0 && summary.isError && !summary.data ? (
        <ErrorState
          compact
          title="금액을 계산하지 못했습니다"
          error={summary.error}
          // A chosen line may have gone (another tab): read the cart again, and the summary with it.
          onRetry={() => void queryClient.invalidateQueries({ queryKey: cartKeys.lines(mno) })}
        />
      ) : (
        <dl className={`cart-summary__figures${updating ? ' is-updating' : ''}`} aria-busy={updating}>
          <SummaryRow label="상품금액" testId="summary-product-amount" amount={figures?.productAmount} />
          <SummaryRow
            label="할인금액"
            testId="summary-discount-amount"
            amount={figures?.discountAmount}
            negative
          />
          <SummaryRow label="배송비" testId="summary-shipping-fee" amount={figures?.shippingFee} />
          <SummaryRow
            label="결제금액"
            testId="summary-payment-amount"
            amount={figures?.paymentAmount}
            total
          />
        </dl>
      )}
      <button type="button" className="btn btn--primary cart-summary__order" onClick={onOrder}>
        {selected.length > 0 ? `${selected.length}개 상품 주문하기` : '주문하기'}
      </button>
    </aside>
  );
}

interface SummaryRowProps {
  label: string;
  testId: string;
  /** undefined while the first figures load. */
  amount: number | undefined;
  negative?: boolean;
  total?: boolean;
}

function SummaryRow({ label, testId, amount, negative = false, total = false }: SummaryRowProps) {
  return (
    <div className={`cart-summary__row${total ? ' cart-summary__row--total' : ''}`}>
      <dt>{label}</dt>
      <dd data-testid={testId}>
        {amount === undefined ? (
          <>
            <span className="skeleton cart-summary__placeholder" aria-hidden="true" />
            <span className="sr-only">계산 중</span>
          </>
        ) : negative && amount > 0 ? (
          `-${formatWon(amount)}`
        ) : (
          formatWon(amount)
        )}
      </dd>
    </div>
  );
}
