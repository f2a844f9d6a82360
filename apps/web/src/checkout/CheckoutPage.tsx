import { PAYMENT_PROVIDERS, type CartLineDto, type PaymentProvider } from '@mkt/contracts';
import { formatWon, lineTotal } from '@mkt/pricing';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Field } from '../member/FormFields';
import { memberInfoKey, useMemberInfo } from '../member/memberInfo';
import { orderName } from '../orders/orderText';
import { ProductImage } from '../product/ProductImage';
import { abandonPayment, orderKeys, placeOrder, recordPayment, verifyCheckout } from '../shared/api/orders';
import { paths } from '../shared/routing/paths';
import type { SessionMember } from '../shared/session';
import { errorMessage } from '../shared/ui/ErrorState';
import { ChevronDownIcon } from '../shared/ui/icons';
import { useDocumentTitle } from '../shared/ui/useDocumentTitle';
import { CHECKOUT_STAGE_TEXT, runCheckout, type CheckoutStage } from './checkoutFlow';
import {
  checkoutProblem,
  checkoutSummary,
  orderToPlace,
  paymentBlockers,
  phoneDigits,
  receiverFromMember,
  type ReceiverForm,
} from './checkoutForm';
import { CheckoutMessages } from './checkoutMessages';
import type { PaymentFormState } from '../shared/routing/checkoutState';
import { checkoutLinesOf, paymentFailUrl } from './checkoutRoute';
import { forgetPaidCartLines } from './paidCartLines';
import { useCheckoutMember } from './useCheckoutMember';
import { usePaymentWindow } from './usePaymentWindow';
import '../member/member.css';
import './checkout.css';

/**
 * /payment/form: the cart lines the shopper selected (router state), the receiver, the provider,
 * the summary and the terms. Paying places the order (one per checkout: an idempotency key), opens
 * the payment window, records the payment and waits for the server's verification.
 */
export function CheckoutPage() {
  useDocumentTitle('주문/결제');
  const member = useCheckoutMember();
  const location = useLocation();
  const navigate = useNavigate();
  const lines = checkoutLinesOf(location.state);
  const sentToCart = useRef(false);

  useEffect(() => {
    if (!member || lines || sentToCart.current) return;
    sentToCart.current = true;
    window.alert(CheckoutMessages.selectFromCart);
    void navigate(paths.cart, { replace: true });
  }, [member, lines, navigate]);

  if (!member || !lines) return null;
  return <CheckoutForm member={member} lines={lines} />;
}

function CheckoutForm({ member, lines }: { member: SessionMember; lines: CartLineDto[] }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const info = useMemberInfo(member.email);
  const { pay, paymentWindow } = usePaymentWindow();
  // One order per checkout: a submission repeated from this form answers the order already placed.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [form, setForm] = useState<ReceiverForm>(() => receiverFromMember(member));
  const [edited, setEdited] = useState(false);
  const [provider, setProvider] = useState<PaymentProvider>(PAYMENT_PROVIDERS[0].pg);
  const [agreedToTerms, setAgreedToTerms] = useState(false);
  const [stage, setStage] = useState<CheckoutStage | null>(null);
  const submitting = useRef(false);
  const infoFailureAlerted = useRef(false);
  const blockersId = useId();

  // The fresh member information replaces what the stored login prefilled, unless already edited.
  const freshInfo = info.data;
  const [prefilledFrom, setPrefilledFrom] = useState<typeof freshInfo>(undefined);
  if (freshInfo && freshInfo !== prefilledFrom) {
    setPrefilledFrom(freshInfo);
    if (!edited) setForm(receiverFromMember(freshInfo));
  }

  useEffect(() => {
    if (info.isError && !infoFailureAlerted.current) {
      infoFailureAlerted.current = true;
      window.alert(CheckoutMessages.memberInfoFailed);
    }
  }, [info.isError]);

  const input = { form, lines, mno: freshInfo?.mno, agreedToTerms };
  const summary = checkoutSummary(lines);
  const blockers = paymentBlockers(input);

  const edit = (field: keyof ReceiverForm, value: string) => {
    setEdited(true);
    setForm((previous) => ({ ...previous, [field]: field === 'phone' ? phoneDigits(value) : value }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting.current) return;
    const problem = checkoutProblem(input);
    if (problem) {
      window.alert(problem);
      return;
    }
    submitting.current = true;
    const result = await runCheckout({
      placeOrder: () => placeOrder(orderToPlace(form, lines), idempotencyKey),
      pay: (order, merchant_uid) =>
        pay({
          pg: provider,
          merchant_uid,
          amount: order.o_totalPrice,
          name: orderName(lines.map((line) => line.p_name)),
          buyer_name: form.receiver.trim(),
          buyer_tel: form.phone,
          buyer_addr: form.address.trim(),
          buyer_email: member.email,
          custom_data: { mno: member.mno },
        }),
      abandonPayment,
      recordPayment,
      verify: verifyCheckout,
      onStage: setStage,
      describeError: errorMessage,
    });

    if (result.kind === 'complete') {
      // The order takes the lines out of the cart and adds to the member's spend.
      await Promise.all([
        forgetPaidCartLines(
          queryClient,
          member.mno,
          lines.map((line) => line.cino),
        ),
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: memberInfoKey(member.email) }),
      ]);
      void navigate(paths.paymentComplete(result.ono), { replace: true });
      return;
    }
    window.alert(result.alert);
    if (result.kind === 'failed') {
      const retry: PaymentFormState = { cartItems: lines };
      void navigate(paymentFailUrl(result.failure), { replace: true, state: retry });
      return;
    }
    submitting.current = false;
    setStage(null);
  };

  const busy = stage !== null;
  return (
    <div className="checkout container">
      <h1 className="checkout__title">주문/결제</h1>
      <form className="checkout__layout" onSubmit={submit} noValidate aria-busy={busy}>
        <div className="checkout__main">
          <OrderedProducts lines={lines} />

          <section className="checkout-section" aria-labelledby="checkout-receiver-title">
            <h2 className="checkout-section__title" id="checkout-receiver-title">
              배송 정보
            </h2>
            <fieldset className="checkout-receiver" disabled={busy}>
              <legend className="sr-only">받는 분 정보</legend>
              <Field id="checkout-receiver" label="받는 분" required>
                <input
                  id="checkout-receiver"
                  className="auth-input"
                  type="text"
                  autoComplete="name"
                  maxLength={200}
                  value={form.receiver}
                  onChange={(event) => edit('receiver', event.target.value)}
                />
              </Field>
              <Field id="checkout-address" label="배송 주소" required>
                <input
                  id="checkout-address"
                  className="auth-input"
                  type="text"
                  autoComplete="street-address"
                  maxLength={200}
                  value={form.address}
                  onChange={(event) => edit('address', event.target.value)}
                />
              </Field>
              <Field id="checkout-phone" label="연락처" required>
                <input
                  id="checkout-phone"
                  className="auth-input"
                  type="tel"
                  inputMode="numeric"
                  autoComplete="tel"
                  placeholder="숫자만 입력 (예: 01012345678)"
                  aria-describedby="checkout-phone-hint"
                  value={form.phone}
                  onChange={(event) => edit('phone', event.target.value)}
                />
                <p className="checkout-receiver__hint" id="checkout-phone-hint">
                  ‘-’ 없이 숫자 11자리 이내
                </p>
              </Field>
            </fieldset>
          </section>

          <section className="checkout-section" aria-labelledby="checkout-provider-title">
            <h2 className="checkout-section__title" id="checkout-provider-title">
              결제 수단
            </h2>
            <fieldset className="provider-options" disabled={busy}>
              <legend className="sr-only">결제 수단 선택</legend>
              {PAYMENT_PROVIDERS.map(({ pg, label }) => (
                <label key={pg} className={`provider-option${provider === pg ? ' is-checked' : ''}`}>
                  <input
                    type="radio"
                    name="provider"
                    value={pg}
                    checked={provider === pg}
                    onChange={() => setProvider(pg)}
                  />
                  <span>{label}</span>
                </label>
              ))}
            </fieldset>
          </section>
        </div>

        <aside className="checkout__side" aria-label="결제 금액과 동의">
          <section className="checkout-section checkout-summary" aria-labelledby="checkout-summary-title">
            <h2 className="checkout-section__title" id="checkout-summary-title">
              결제 금액
            </h2>
            <dl className="checkout-summary__rows" data-testid="checkout-summary">
              <div>
                <dt>상품 금액</dt>
                <dd data-testid="summary-product">{formatWon(summary.productAmount)}</dd>
              </div>
              <div>
                <dt>할인 금액</dt>
                <dd data-testid="summary-discount" className="checkout-summary__discount">
                  {summary.discountAmount > 0 ? '-' : ''}
                  {formatWon(summary.discountAmount)}
                </dd>
              </div>
              <div>
                <dt>배송비</dt>
                <dd data-testid="summary-shipping">{formatWon(summary.shippingFee)}</dd>
              </div>
              <div className="checkout-summary__total">
                <dt>결제 금액</dt>
                <dd data-testid="summary-payment">{formatWon(summary.paymentAmount)}</dd>
              </div>
            </dl>
            <label className="auth-check checkout-summary__terms">
              <input
                type="checkbox"
                checked={agreedToTerms}
                disabled={busy}
                onChange={(event) => setAgreedToTerms(event.target.checked)}
              />
              <span>주문 내용을 확인했으며, 결제 진행에 동의합니다. (필수)</span>
            </label>
            <button
              type="submit"
              className="btn btn--primary checkout-summary__pay"
              disabled={blockers.length > 0 || busy}
              aria-describedby={blockers.length > 0 ? blockersId : undefined}
            >
              {formatWon(summary.paymentAmount)} 결제하기
            </button>
            {blockers.length > 0 ? (
              <p className="checkout-summary__blockers" id={blockersId} data-testid="pay-blockers">
                결제하려면 확인해 주세요: {blockers.join(', ')}
              </p>
            ) : null}
            <p className="checkout-summary__progress" role="status" data-testid="checkout-progress">
              {stage ? CHECKOUT_STAGE_TEXT[stage] : ''}
            </p>
            <Link to={paths.cart} className="checkout-summary__back">
              장바구니로 돌아가기
            </Link>
          </section>
        </aside>
      </form>
      {paymentWindow}
    </div>
  );
}

function OrderedProducts({ lines }: { lines: CartLineDto[] }) {
  const [open, setOpen] = useState(true);
  const listId = useId();
  const count = lines.reduce((sum, line) => sum + line.c_cnt, 0);
  return (
    <section className="checkout-section" aria-labelledby="checkout-products-title">
      <h2 className="checkout-section__title" id="checkout-products-title">
        <button
          type="button"
          className="checkout-products__toggle"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((value) => !value)}
        >
          <span>
            주문 상품{' '}
            <span className="checkout-products__count">
              {lines.length}종 {count}개
            </span>
          </span>
          <ChevronDownIcon size={20} className={open ? 'is-open' : undefined} />
        </button>
      </h2>
      <ul className="checkout-products" id={listId} hidden={!open} data-testid="checkout-products">
        {lines.map((line) => (
          <li key={line.cino} className="checkout-product">
            <ProductImage name={line.pi_name} alt={line.p_name} className="checkout-product__image" />
            <div className="checkout-product__text">
              {line.businessName ? <p className="checkout-product__seller">{line.businessName}</p> : null}
              <p className="checkout-product__name">{line.p_name}</p>
              <p className="checkout-product__option">
                {line.od_name} · {line.c_cnt}개
              </p>
            </div>
            <p className="checkout-product__amount">
              {formatWon(lineTotal(line.p_price, line.p_salePer, line.od_price, line.c_cnt))}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
