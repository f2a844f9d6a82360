import { Link } from 'react-router-dom';
import { CS_EMAIL, CS_HOURS_HOLIDAY, CS_HOURS_WEEKDAY, CS_PHONE } from '../shared/constants';
import { paths } from '../shared/routing/paths';
import { useDocumentTitle } from '../shared/ui/useDocumentTitle';

const EMAIL_SUBJECT = '[1:1 문의] ';

/**
 * /board/contact: where a shopper asks the store one to one. A question about a product goes to
 * its seller (문의하기 on the product page, answered in 마이페이지 상품 문의); orders and refunds
 * have their own screens; anything else goes to the customer centre by phone or e-mail.
 */
export function ContactPage() {
  useDocumentTitle('1:1 문의');
  return (
    <section className="contact" aria-labelledby="contact-title">
      <h1 id="contact-title" className="board__title">
        1:1 문의
      </h1>
      <p className="contact__lead">
        궁금한 점을 남겨 주시면 고객센터 운영시간에 순서대로 답변드립니다. 먼저{' '}
        <Link to={paths.faq}>자주 묻는 질문</Link>에서 답을 찾아보세요.
      </p>
      <ul className="contact__channels">
        <li className="contact__channel">
          <h2 className="contact__heading">상품에 대한 문의</h2>
          <p>
            상품 페이지의 문의하기로 판매자에게 직접 물어볼 수 있습니다. 답변은 마이페이지에서 확인하세요.
          </p>
          <Link className="btn" to={paths.myPageSection('qa')}>
            내 상품 문의 보기
          </Link>
        </li>
        <li className="contact__channel">
          <h2 className="contact__heading">주문·환불 문의</h2>
          <p>주문 내역에서 주문을 열면 결제 정보를 확인하고 환불을 신청할 수 있습니다.</p>
          <Link className="btn" to={paths.myOrders}>
            주문 내역 보기
          </Link>
        </li>
        <li className="contact__channel">
          <h2 className="contact__heading">그 밖의 문의</h2>
          <p>
            이메일로 보내 주시면 회원 이메일로 답변드립니다. 주문에 관한 문의는 주문 번호를 함께 적어 주세요.
          </p>
          <a
            className="btn btn--primary"
            href={`mailto:${CS_EMAIL}?subject=${encodeURIComponent(EMAIL_SUBJECT)}`}
          >
            이메일로 문의하기
          </a>
          <p className="contact__phone">
            전화 <a href={`tel:${CS_PHONE}`}>{CS_PHONE}</a> ({CS_HOURS_WEEKDAY}, {CS_HOURS_HOLIDAY})
          </p>
        </li>
      </ul>
    </section>
  );
}
