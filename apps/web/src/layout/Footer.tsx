import { Link } from 'react-router-dom';
import {
  BULK_ORDER_HOURS,
  CS_EMAIL,
  CS_HOURS_HOLIDAY,
  CS_HOURS_WEEKDAY,
  CS_PHONE,
  STORE_NAME,
} from '../shared/constants';
import { paths } from '../shared/routing/paths';
import { ChatIcon } from '../shared/ui/icons';
import { useVisitorLog } from './useVisitorLog';

/** The store's policies, each a page of the customer centre. */
const FOOTER_LINKS = [
  { label: '이용약관', to: paths.terms },
  { label: '개인정보처리방침', to: paths.privacy, strong: true },
];

const SOCIAL_LINKS = [
  { label: '인스타그램', short: 'IG', href: 'https://www.instagram.com/' },
  { label: '페이스북', short: 'f', href: 'https://www.facebook.com/' },
  { label: '블로그', short: 'b', href: 'https://blog.naver.com/' },
  { label: '유튜브', short: '▶', href: 'https://www.youtube.com/' },
];

export function Footer() {
  useVisitorLog();
  return (
    <footer className="site-footer">
      <div className="container footer-top">
        <section className="footer-cs" aria-labelledby="footer-cs-title">
          <h2 id="footer-cs-title" className="footer-cs__title">
            고객행복센터
          </h2>
          <div className="footer-cs__phone">
            <strong data-testid="cs-phone">{CS_PHONE}</strong>
            <span>
              {CS_HOURS_WEEKDAY}
              <br />
              {CS_HOURS_HOLIDAY}
            </span>
          </div>
          <ul className="footer-inquiries">
            <li className="footer-inquiry">
              <h3 className="footer-inquiry__title">
                <ChatIcon size={16} />
                채팅 상담
              </h3>
              <p>
                {CS_HOURS_WEEKDAY}
                <br />
                {CS_HOURS_HOLIDAY}
              </p>
            </li>
            <li className="footer-inquiry">
              <Link to={paths.contact} className="footer-inquiry__label">
                1:1 문의
              </Link>
              <p>
                365일
                <br />
                고객센터 운영시간에 순차적으로 답변드리겠습니다.
              </p>
            </li>
            <li className="footer-inquiry">
              <h3 className="footer-inquiry__title">대량주문 문의</h3>
              <p>
                {BULK_ORDER_HOURS}
                <br />
                비회원은 문의하실 수 없습니다.
              </p>
            </li>
          </ul>
        </section>

        <div className="footer-company">
          <ul className="footer-links" aria-label="이용 안내">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to} className={link.strong ? 'is-strong' : undefined}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
          <address className="footer-company__info">
            <span>법인명(상호): 주식회사 {STORE_NAME}</span>
            <span>대표자(성명): 김민준</span>
            <span>사업자등록번호: 123-45-67890</span>
            <span>통신판매업 신고: 제2025-서울강남-01234호</span>
            <span>주소: 서울특별시 강남구 테헤란로 123, 15층</span>
            <span>개인정보보호책임자: 이서연</span>
            <span>이메일: {CS_EMAIL}</span>
            <span>입점 문의: partner@dealmarket.example</span>
          </address>
          <ul className="footer-social" aria-label="소셜 미디어">
            {SOCIAL_LINKS.map((item) => (
              <li key={item.label}>
                <a
                  href={item.href}
                  target="_blank"
                  rel="noreferrer"
                  className="footer-social__link"
                  aria-label={`${STORE_NAME} ${item.label}`}
                  data-glyph={item.short}
                />
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="footer-bottom">
        <div className="container">
          <p className="footer-disclaimer">
            {`${STORE_NAME}은 통신판매중개자로서 통신판매의 당사자가 아니며, 입점 판매자가 등록한 상품정보 및 거래에 대하여 ${STORE_NAME}은 일체의 책임을 지지 않습니다. 다만, ${STORE_NAME}이 직접 판매하는 상품의 경우 판매자로서의 책임을 부담합니다.`}
          </p>
          <p className="footer-copyright">
            © {new Date().getFullYear()} DEALMARKET CORP. ALL RIGHTS RESERVED
          </p>
        </div>
      </div>
    </footer>
  );
}
