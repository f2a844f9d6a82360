import { CartMessages, type CartLineDto } from '@mkt/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { cartQuery } from '../shared/api/cart';
import type { PaymentFormState } from '../shared/routing/checkoutState';
import { paths } from '../shared/routing/paths';
import { useLoginGate, useSession } from '../shared/session';
import { ConfirmDialog } from '../shared/ui/ConfirmDialog';
import { ErrorState } from '../shared/ui/ErrorState';
import { useDocumentTitle } from '../shared/ui/useDocumentTitle';
import { CartLineItem, CartLineSkeleton } from './CartLineItem';
import {
  CART_EMPTY_MESSAGE,
  CART_LOGIN_MESSAGE,
  DELETE_LINE_QUESTION,
  deleteSelectedQuestion,
  SELECT_TO_PAY_MESSAGE,
} from './cartMessages';
import { planQuantity } from './cartQuantity';
import { isAllSelected, isOrderable, selectedLines, toggleAll, toggleLine } from './cartSelection';
import { CartSummary } from './CartSummary';
import { useCartMutations } from './useCartMutations';
import '../shared/ui/feedback.css';
import './cart.css';

/** /cart: the signed-in member's cart. Logged out, it alerts '로그인 후 이용 가능합니다.' and opens the login page. */
export function CartPage() {
  useDocumentTitle('장바구니');
  const { member } = useSession();
  const navigate = useNavigate();
  const alerted = useRef(false);

  useEffect(() => {
    if (member || alerted.current) return;
    alerted.current = true;
    window.alert(CART_LOGIN_MESSAGE);
    void navigate(paths.login, { replace: true });
  }, [member, navigate]);

  if (!member) return null;
  return <Cart mno={member.mno} />;
}

interface PendingDelete {
  cinos: number[];
  question: string;
}

function Cart({ mno }: { mno: number }) {
  const cart = useQuery(cartQuery(mno));
  const { changeQuantity, removeLines, removing } = useCartMutations(mno);
  const gate = useLoginGate();
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  const [unticked, setUnticked] = useState<ReadonlySet<number>>(() => new Set());
  const [pendingDelete, setPendingDelete] = useState<PendingDelete | null>(null);

  const lines = cart.data ?? [];
  const selected = selectedLines(lines, unticked);
  const allSelected = isAllSelected(lines, unticked);

  const step = (line: CartLineDto, next: number) => {
    const plan = planQuantity(line, next);
    if (plan.kind === 'save') changeQuantity(line, plan.quantity);
    else if (plan.kind === 'over-stock') window.alert(CartMessages.overStock(plan.max));
    else setPendingDelete({ cinos: [line.cino], question: DELETE_LINE_QUESTION });
  };

  const deleteSelected = () => {
    if (selected.length === 0) return;
    setPendingDelete({
      cinos: selected.map((line) => line.cino),
      question: deleteSelectedQuestion(selected.length),
    });
  };

  const confirmDelete = () => {
    if (!pendingDelete) return;
    gate(() => {
      void removeLines(pendingDelete.cinos).then(() => setPendingDelete(null));
    });
  };

  const order = () => {
    if (selected.length === 0) {
      window.alert(SELECT_TO_PAY_MESSAGE);
      return;
    }
    const state: PaymentFormState = { cartItems: selected };
    void navigate(paths.paymentForm, { state });
  };

  return (
    <section className="cart container" aria-labelledby="cart-title">
      <h1 id="cart-title" ref={heading} className="cart__title" tabIndex={-1}>
        장바구니
      </h1>

      {cart.isPending ? (
        <ul className="cart-lines" aria-busy="true" aria-label="장바구니를 불러오는 중">
          {Array.from({ length: 3 }, (_, i) => (
            <CartLineSkeleton key={i} />
          ))}
        </ul>
      ) : cart.isError ? (
        <ErrorState
          title="장바구니를 불러오지 못했습니다"
          error={cart.error}
          onRetry={() => void cart.refetch()}
        />
      ) : lines.length === 0 ? (
        <div className="cart-empty" data-testid="cart-empty">
          <p className="empty-state" role="status">
            {CART_EMPTY_MESSAGE}
          </p>
          <Link to={paths.home} className="btn">
            쇼핑 계속하기
          </Link>
        </div>
      ) : (
        <div className="cart__layout">
          <div className="cart__main">
            <div className="cart-toolbar">
              <label className="cart-toolbar__all">
                <input
                  type="checkbox"
                  className="checkbox"
                  checked={allSelected}
                  disabled={!lines.some(isOrderable)}
                  onChange={() => setUnticked(toggleAll(lines, unticked))}
                />
                전체선택
                <span className="cart-toolbar__count" data-testid="cart-selected-count">
                  {selected.length}/{lines.length}
                </span>
              </label>
              <button type="button" className="cart-toolbar__delete" onClick={deleteSelected}>
                선택 삭제
              </button>
            </div>
            <ul className="cart-lines" aria-label="장바구니 상품">
              {lines.map((line) => (
                <CartLineItem
                  key={line.cino}
                  line={line}
                  selected={isOrderable(line) && !unticked.has(line.cino)}
                  onToggle={() => setUnticked((current) => toggleLine(current, line.cino))}
                  onStep={(next) => step(line, next)}
                  onDelete={() => setPendingDelete({ cinos: [line.cino], question: DELETE_LINE_QUESTION })}
                />
              ))}
            </ul>
          </div>
          <CartSummary mno={mno} selected={selected} onOrder={order} />
        </div>
      )}

      {pendingDelete && (
        <ConfirmDialog
          title="상품 삭제"
          message={pendingDelete.question}
          confirmLabel="삭제"
          busy={removing}
          onConfirm={confirmDelete}
          onCancel={() => setPendingDelete(null)}
          returnFocus={() => heading.current}
          testId="cart-delete-dialog"
        />
      )}
    </section>
  );
}
