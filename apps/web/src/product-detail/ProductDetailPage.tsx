import type { ProductDetailDto } from '@mkt/contracts';
import { useQuery } from '@tanstack/react-query';
import { InquiryFormModal } from '../inquiries/InquiryFormModal';
import { Link, useParams } from 'react-router-dom';
import { ProductImage } from '../product/ProductImage';
import { isNotFoundError } from '../shared/api/http';
import { productDetailQuery } from '../shared/api/products';
import { reviewCountQuery } from '../shared/api/reviews';
import { DETAIL_TAB_OFFSET_PX } from '../shared/constants';
import { paths } from '../shared/routing/paths';
import { formatNumber } from '../shared/text/format';
import { ErrorState } from '../shared/ui/ErrorState';
import { useDocumentTitle } from '../shared/ui/useDocumentTitle';
import { DetailTabs } from './DetailTabs';
import { InquirySection } from './InquirySection';
import { productName, PurchasePanel } from './PurchasePanel';
import { ReviewSection } from './ReviewSection';
import { useProductActions } from './useProductActions';
import { useScrollSpy } from './useScrollSpy';
import '../shared/ui/pages.css';
import './product-detail.css';

const SECTION_IDS = {
  info: 'product-info',
  detail: 'product-description',
  reviews: 'product-reviews',
  inquiries: 'product-inquiries',
} as const;
const SECTION_ORDER = [SECTION_IDS.info, SECTION_IDS.detail, SECTION_IDS.reviews, SECTION_IDS.inquiries];

/** The path's pno: a plain positive number, else none (shown as not found without asking). */
export function parsePno(raw: string | undefined): number | undefined {
  if (!raw || !/^\d{1,10}$/.test(raw)) return undefined;
  const pno = Number(raw);
  return pno >= 1 && pno <= 2_147_483_647 ? pno : undefined;
}

export const NOT_FOUND_TITLE = '상품을 찾을 수 없습니다';

export function ProductDetailPage() {
  const pno = parsePno(useParams().pno);
  if (pno === undefined) return <UnknownProduct />;
  // A new product starts with its own option cards and section state.
  return <ProductDetailLoader key={pno} pno={pno} />;
}

function ProductDetailLoader({ pno }: { pno: number }) {
  const product = useQuery(productDetailQuery(pno));
  useDocumentTitle(
    product.data ? productName(product.data) : isNotFoundError(product.error) ? NOT_FOUND_TITLE : '상품 상세',
  );

  if (product.isPending) return <DetailSkeleton />;
  if (product.isError) {
    if (isNotFoundError(product.error)) return <ProductNotFound />;
    return (
      <div className="container product-detail">
        <ErrorState
          title="상품 정보를 불러오지 못했습니다"
          error={product.error}
          onRetry={() => void product.refetch()}
        />
      </div>
    );
  }
  return <ProductDetail product={product.data} />;
}

function ProductDetail({ product }: { product: ProductDetailDto }) {
  const reviewCount = useQuery(reviewCountQuery(product.pno));
  const { active, scrollToSection } = useScrollSpy(SECTION_ORDER, DETAIL_TAB_OFFSET_PX);
  const { askQuestion, askingMno, closeQuestion } = useProductActions(product);
  const name = productName(product);
  // A failed count is only logged (spec): the tab then says 0.
  const count = reviewCount.isError ? 0 : typeof reviewCount.data === 'number' ? reviewCount.data : undefined;

  const tabs = [
    { id: SECTION_IDS.info, label: '상품정보' },
    { id: SECTION_IDS.detail, label: '상세정보' },
    { id: SECTION_IDS.reviews, label: `리뷰 (${count === undefined ? '-' : formatNumber(count)})` },
    { id: SECTION_IDS.inquiries, label: '문의' },
  ];

  return (
    <div className="container product-detail" data-pno={product.pno}>
      <PurchasePanel product={product} />

      <div className="detail-sections">
        <DetailTabs tabs={tabs} active={active} onSelect={scrollToSection} />

        <section
          id={SECTION_IDS.info}
          className="detail-section"
          tabIndex={-1}
          aria-labelledby={`${SECTION_IDS.info}-title`}
        >
          <h2 id={`${SECTION_IDS.info}-title`} className="section-head__title">
            상품정보
          </h2>
          <table className="info-table">
            <tbody>
              <tr>
                <th scope="row">판매자</th>
                <td>{product.businessName || '-'}</td>
              </tr>
              <tr>
                <th scope="row">상품번호</th>
                <td>{product.pno}</td>
              </tr>
              <tr>
                <th scope="row">카테고리</th>
                <td>{product.category.map((category) => category.cateName).join(', ') || '-'}</td>
              </tr>
              <tr>
                <th scope="row">재고</th>
                <td>{formatNumber(product.p_stock)}개</td>
              </tr>
            </tbody>
          </table>
        </section>

        <section
          id={SECTION_IDS.detail}
          className="detail-section"
          tabIndex={-1}
          aria-labelledby={`${SECTION_IDS.detail}-title`}
        >
          <h2 id={`${SECTION_IDS.detail}-title`} className="section-head__title">
            상세정보
          </h2>
          {product.pContent && <p className="detail-description">{product.pContent}</p>}
          <div className="detail-image">
            <ProductImage name={product.productImage[0]?.pi_name} alt={`${name} 상세 이미지`} />
          </div>
        </section>

        <section
          id={SECTION_IDS.reviews}
          className="detail-section"
          tabIndex={-1}
          aria-label="리뷰"
          data-testid="review-section"
        >
          <ReviewSection
            pno={product.pno}
            count={count}
            onReveal={() => scrollToSection(SECTION_IDS.reviews)}
          />
        </section>

        <section
          id={SECTION_IDS.inquiries}
          className="detail-section"
          tabIndex={-1}
          aria-label="문의"
          data-testid="inquiry-section"
        >
          <InquirySection
            pno={product.pno}
            onAsk={askQuestion}
            onReveal={() => scrollToSection(SECTION_IDS.inquiries)}
          />
        </section>
      </div>
      {askingMno !== null && <InquiryFormModal mno={askingMno} pno={product.pno} onClose={closeQuestion} />}
    </div>
  );
}

/** A path that is no product number at all: not found without asking the server. */
function UnknownProduct() {
  useDocumentTitle(NOT_FOUND_TITLE);
  return <ProductNotFound />;
}

function ProductNotFound() {
  return (
    <section className="page-placeholder container" data-testid="product-not-found">
      <h1 className="page-placeholder__title">상품을 찾을 수 없습니다.</h1>
      <p className="page-placeholder__text">판매가 끝났거나 주소가 잘못된 상품입니다.</p>
      <div className="page-placeholder__actions">
        <Link to={paths.home} className="btn btn--primary">
          홈으로 가기
        </Link>
      </div>
    </section>
  );
}

function DetailSkeleton() {
  return (
    <div className="container product-detail" aria-busy="true">
      <span className="sr-only">상품 정보를 불러오는 중입니다</span>
      <div className="purchase" aria-hidden="true">
        <div className="purchase__media skeleton" />
        <div className="purchase__info">
          <div className="skeleton detail-skeleton__bar detail-skeleton__bar--short" />
          <div className="skeleton detail-skeleton__bar detail-skeleton__bar--title" />
          <div className="skeleton detail-skeleton__bar" />
          <div className="skeleton detail-skeleton__bar detail-skeleton__bar--price" />
          <div className="skeleton detail-skeleton__block" />
        </div>
      </div>
    </div>
  );
}
