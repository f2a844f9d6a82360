import type { ReviewDto } from '@mkt/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { reviewListQuery, type ReviewSortKey } from '../shared/api/reviews';
import { REVIEW_PAGE_SIZE } from '../shared/constants';
import { formatDate, formatNumber } from '../shared/text/format';
import { ErrorState } from '../shared/ui/ErrorState';
import { StarIcon, ThumbUpIcon } from '../shared/ui/icons';
import { Pagination } from '../shared/ui/Pagination';
import { MAX_RATE, StarRating } from './StarRating';
import { useReviewLikes } from './useReviewLikes';

const SORTS: ReadonlyArray<{ key: ReviewSortKey; label: string }> = [
  { key: 'reviewLike', label: '추천순' },
  { key: 'rno', label: '최신순' },
];

/** 0 is every rating, then 5 down to 1. */
const RATE_FILTERS = [0, ...Array.from({ length: MAX_RATE }, (_, i) => MAX_RATE - i)];

interface ReviewSectionProps {
  pno: number;
  /** From /api/review/cnt; undefined while it loads. */
  count: number | undefined;
  /** Brings the section's top back into view (after a page change). */
  onReveal: () => void;
}

export function ReviewSection({ pno, count, onReveal }: ReviewSectionProps) {
  const [sortBy, setSortBy] = useState<ReviewSortKey>('reviewLike');
  const [rate, setRate] = useState(0);
  const [page, setPage] = useState(1);
  const reviews = useQuery(reviewListQuery({ pno, page, size: REVIEW_PAGE_SIZE, sortBy, rate }));
  const likes = useReviewLikes(pno);

  const list = reviews.data?.dtoList ?? [];

  return (
    <>
      <div className="section-head">
        <h2 className="section-head__title">
          상품 후기
          {count !== undefined && <span className="section-head__count">{formatNumber(count)}</span>}
        </h2>
        <p className="section-head__desc">상품을 구매하신 분들이 작성한 후기입니다.</p>
      </div>

      <div className="review-controls">
        <div className="chip-group" role="group" aria-label="별점으로 거르기">
          {RATE_FILTERS.map((value) => (
            <button
              key={value}
              type="button"
              className={`chip${rate === value ? ' is-current' : ''}`}
              aria-pressed={rate === value}
              aria-label={value === 0 ? '전체 별점' : undefined}
              onClick={() => {
                setRate(value);
                setPage(1);
              }}
            >
              {value === 0 ? '전체' : <StarLabel value={value} />}
            </button>
          ))}
        </div>
        <div className="text-toggle" role="group" aria-label="후기 정렬">
          {SORTS.map((sort) => (
            <button
              key={sort.key}
              type="button"
              className={`text-toggle__button${sortBy === sort.key ? ' is-current' : ''}`}
              aria-pressed={sortBy === sort.key}
              onClick={() => {
                setSortBy(sort.key);
                setPage(1);
              }}
            >
              {sort.label}
            </button>
          ))}
        </div>
      </div>

      {reviews.isPending ? (
        <ul className="review-list" aria-busy="true" aria-label="후기를 불러오는 중">
          {Array.from({ length: 3 }, (_, i) => (
            <li key={i} className="review review--skeleton" aria-hidden="true">
              <div className="skeleton review__bar review__bar--short" />
              <div className="skeleton review__bar" />
              <div className="skeleton review__bar review__bar--mid" />
            </li>
          ))}
        </ul>
      ) : reviews.isError ? (
        <ErrorState
          compact
          title="후기를 불러오지 못했습니다"
          error={reviews.error}
          onRetry={() => void reviews.refetch()}
        />
      ) : list.length === 0 ? (
        <p className="empty-state" role="status" data-testid="reviews-empty">
          리뷰가 없습니다.
        </p>
      ) : (
        <>
          <ul
            className={`review-list${reviews.isPlaceholderData ? ' is-stale' : ''}`}
            aria-busy={reviews.isPlaceholderData}
            data-testid="review-list"
          >
            {list.map((review) => (
              <ReviewItem
                key={review.rno}
                review={review}
                liked={likes.likes(review.rno)}
                toggling={likes.togglingRno === review.rno}
                onLike={() => likes.toggle(review)}
              />
            ))}
          </ul>
          <Pagination
            page={reviews.data}
            label="후기 페이지"
            onSelect={(next) => {
              setPage(next);
              onReveal();
            }}
          />
        </>
      )}
    </>
  );
}

function StarLabel({ value }: { value: number }) {
  return (
    <>
      <StarIcon size={13} className="chip__star" /> {value}점
    </>
  );
}

interface ReviewItemProps {
  review: ReviewDto;
  /** Whether the signed-in member likes it. */
  liked: boolean;
  toggling: boolean;
  onLike: () => void;
}

function ReviewItem({ review, liked, toggling, onLike }: ReviewItemProps) {
  return (
    <li className="review" data-testid="review">
      <div className="review__top">
        <StarRating value={review.rate} />
        <span className="review__author">{review.m_name}</span>
        <span className="review__date">{formatDate(review.regDate)}</span>
      </div>
      {review.od_name && <p className="review__option">{review.od_name}</p>}
      <h3 className="review__title">{review.title}</h3>
      <p className="review__content">{review.content}</p>
      <button
        type="button"
        className={`review__like${liked ? ' is-liked' : ''}`}
        aria-pressed={liked}
        aria-busy={toggling || undefined}
        onClick={onLike}
        data-testid="review-like"
      >
        <ThumbUpIcon size={15} />
        도움돼요 <span data-testid="review-like-count">{formatNumber(review.reviewLike)}</span>
      </button>
    </li>
  );
}
