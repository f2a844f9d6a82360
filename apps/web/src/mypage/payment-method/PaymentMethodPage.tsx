import { PAYMENT_PROVIDERS } from '@mkt/contracts';
import { Link } from 'react-router-dom';
import { paths } from '../../shared/routing/paths';
import { MyPageSection } from '../MyPageSection';
import { menuLabelOf } from '../myPageMenu';

/**
 * /mypage/payment-method (the spec shows only its label): the payment methods checkout offers.
 * Nothing is saved here: each payment is made at the provider's own window, and the store keeps no
 * card details.
 */
export function PaymentMethodPage() {
  return (
    <MyPageSection title={menuLabelOf('payment-method')}>
      <p className="mypage-section__lead">
        결제수단은 주문할 때마다 주문/결제 화면에서 고릅니다. 딜마켓은 카드 번호 같은 결제 정보를 저장하지
        않습니다.
      </p>
      <h2 className="payment-methods__heading">쓸 수 있는 결제수단</h2>
      <ul className="payment-methods" data-testid="payment-methods">
        {PAYMENT_PROVIDERS.map(({ pg, label }) => (
          <li key={pg} className="payment-methods__item">
            {label}
          </li>
        ))}
      </ul>
      <Link to={paths.cart} className="btn">
        장바구니로 가기
      </Link>
    </MyPageSection>
  );
}
