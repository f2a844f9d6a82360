import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { ProductImage } from '../../product/ProductImage';
import { StarRating } from '../../product-detail/StarRating';
import { memberOrdersQuery, orderKeys } from '../../shared/api/orders';
import { reviewKeys, reviewQuery } from '../../shared/api/reviews';
import { paths } from '../../shared/routing/paths';
import { formatDate } from '../../shared/text/format';
import { ErrorState } from '../../shared/ui/ErrorState';
import { useMyPageMember } from '../myPageContext';
import { MyPageSection } from '../MyPageSection';
import { MyReviewMessages, REVIEW_POINT_NOTES, reviewTabsOf, type ReviewableLine } from './myReviews';
import { ReviewWriteModal } from './ReviewWriteModal';
import './reviews.css';

type Tab = 'writable' | 'written';
const TABS: ReadonlyArray<{ key: Tab; label: string }> = [
  { key: 'writable', label: '작성 가능한 리뷰' },
  { key: 'written', label: '작성한 리뷰' },
];
/** How often the page looks again while a saved review has not reached its order yet. */
const ARRIVAL_POLL_MS = 500;

/** /mypage/review: the lines the member may review (complete orders), and the reviews they wrote. */
export function MyReviewsPage() {
  const member = useMyPageMember();
  return (
    <MyPageSection title="상품 후기">
      {member.mno ? (
        <MemberReviews mno={member.mno} />
      ) : (
        <p className="empty-state" role="alert">
          {MyReviewMessages.memberMissing}
        </p>
      )}
      <ul className="review-points" aria-label="적립금 안내">
        {REVIEW_POINT_NOTES.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
    </MyPageSection>
  );
}

function MemberReviews({ mno }: { mno: number }) {
  const [tab, setTab] = useState<Tab>('writable');
  const [writing, setWriting] = useState<ReviewableLine | null>(null);
  const [justReviewed, setJustReviewed] = useState<ReadonlySet<number>>(new Set());
  const queryClient = useQueryClient();
  const orders = useQuery({
    ...memberOrdersQuery(mno),
    // The order learns of a saved review a moment later: look again until it shows.
    refetchInterval: (query) =>
      query.state.data && reviewTabsOf(query.state.data, justReviewed).arriving.length > 0
        ? ARRIVAL_POLL_MS
        : false,
  });
  const tabsId = useId();

  const written = (orno: number) => {
    setWriting(null);
    setJustReviewed((ornos) => new Set([...ornos, orno]));
    setTab('written');
    void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    // The product's review count and lists, should the shopper go and look.
    void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
  };

  const onTabKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const next = tab === 'writable' ? 'written' : 'writable';
    setTab(next);
    document.getElementById(`${tabsId}-${next}-tab`)?.focus();
  };

  const tabs = orders.data ? reviewTabsOf(orders.data, justReviewed) : undefined;
  const counts: Record<Tab, number | undefined> = {
    writable: tabs?.writable.length,
    written: tabs ? tabs.written.length + tabs.arriving.length : undefined,
  };

  return (
    <>
      <div className="review-tabs" role="tablist" aria-label="상품 후기" onKeyDown={onTabKey}>
        {TABS.map(({ key, label }) => (
          <button
            key={key}
            id={`${tabsId}-${key}-tab`}
            type="button"
            role="tab"
            className={`review-tabs__tab${tab === key ? ' is-active' : ''}`}
            aria-selected={tab === key}
            aria-controls={`${tabsId}-panel`}
            tabIndex={tab === key ? 0 : -1}
            onClick={() => setTab(key)}
          >
            {label}
            {counts[key] !== undefined ? <span className="review-tabs__count">{counts[key]}</span> : null}
          </button>
        ))}
      </div>
      <div
        id={`${tabsId}-panel`}
        role="tabpanel"
        aria-labelledby={`${tabsId}-${tab}-tab`}
        className="review-panel"
        data-testid={`review-tab-${tab}`}
      >
        {orders.isPending ? (
          <LineSkeletons />
        ) : orders.isError ? (
          <ErrorState
            error={orders.error}
            title={MyReviewMessages.loadFailed}
            onRetry={() => void orders.refetch()}
          />
        ) : tab === 'writable' ? (
          <WritableLines lines={tabs!.writable} onWrite={setWriting} />
        ) : (
          <WrittenLines lines={tabs!.written} arriving={tabs!.arriving} />
        )}
      </div>
      {writing ? (
        <ReviewWriteModal line={writing} onClose={() => setWriting(null)} onWritten={written} />
      ) : null}
    </>
  );
}

function LineSkeletons() {
  return (
    <ul className="review-lines" aria-busy="true" aria-label="불러오는 중">
      {Array.from({ length: 3 }, (_, i) => (
        <li key={i} className="review-line" aria-hidden="true">
          <div className="skeleton review-line__image" />
          <div className="review-line__text">
            <div className="skeleton review-line__bar review-line__bar--short" />
            <div className="skeleton review-line__bar" />
          </div>
        </li>
      ))}
    </ul>
  );
}

function LineHead({ line }: { line: ReviewableLine }) {
  return (
    <>
      <Link to={paths.product(line.pno)} className="review-line__image-link" tabIndex={-1} aria-hidden="true">
        <ProductImage name={line.productImage[0]?.pi_name} alt="" className="review-line__image" />
      </Link>
      <div className="review-line__text">
        <Link to={paths.product(line.pno)} className="review-line__name">
          {line.p_name}
        </Link>
        {line.od_name ? <p className="review-line__option">{line.od_name}</p> : null}
        <p className="review-line__meta">
          <time dateTime={line.orderDate}>{formatDate(line.orderDate)}</time> 구매 · {line.or_count}개
        </p>
      </div>
    </>
  );
}

function WritableLines({
  lines,
  onWrite,
}: {
  lines: ReviewableLine[];
  onWrite: (line: ReviewableLine) => void;
}) {
  if (lines.length === 0) return <p className="empty-state">{MyReviewMessages.noneToWrite}</p>;
  return (
    <ul className="review-lines" data-testid="writable-lines">
      {lines.map((line) => (
        <li key={line.orno} className="review-line" data-testid="writable-line">
          <LineHead line={line} />
          <button
            type="button"
            className="btn btn--primary review-line__action"
            aria-label={`${line.p_name} 리뷰 작성`}
            onClick={() => onWrite(line)}
          >
            리뷰 작성
          </button>
        </li>
      ))}
    </ul>
  );
}

function WrittenLines({ lines, arriving }: { lines: ReviewableLine[]; arriving: ReviewableLine[] }) {
  if (lines.length === 0 && arriving.length === 0)
    return <p className="empty-state">{MyReviewMessages.noneWritten}</p>;
  return (
    <ul className="review-lines" data-testid="written-lines">
      {arriving.map((line) => (
        <li key={line.orno} className="review-line review-line--written" aria-busy="true">
          <LineHead line={line} />
          <ReviewSkeleton />
        </li>
      ))}
      {lines.map((line) => (
        <li key={line.orno} className="review-line review-line--written" data-testid="written-line">
          <LineHead line={line} />
          <WrittenReview rno={line.rno!} />
        </li>
      ))}
    </ul>
  );
}

function ReviewSkeleton() {
  return (
    <div className="written-review" aria-hidden="true">
      <div className="skeleton review-line__bar review-line__bar--short" />
      <div className="skeleton review-line__bar" />
    </div>
  );
}

function WrittenReview({ rno }: { rno: number }) {
  const review = useQuery(reviewQuery(rno));
  if (review.isPending) return <ReviewSkeleton />;
  if (review.isError)
    return (
      <ErrorState
        compact
        error={review.error}
        title={MyReviewMessages.reviewLoadFailed}
        onRetry={() => void review.refetch()}
      />
    );
  return (
    <div className="written-review">
      <StarRating value={review.data.rate} />
      <p className="written-review__title">{review.data.title}</p>
      <p className="written-review__content">{review.data.content}</p>
    </div>
  );
}
