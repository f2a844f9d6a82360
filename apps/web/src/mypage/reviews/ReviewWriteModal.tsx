import {
  REVIEW_CONTENT_MAX,
  REVIEW_RATE_MAX,
  REVIEW_TITLE_MAX,
  ReviewMessages,
  reviewDraftProblem,
} from '@mkt/contracts';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { writeReview } from '../../shared/api/reviews';
import { errorMessage } from '../../shared/ui/ErrorState';
import { StarIcon } from '../../shared/ui/icons';
import { Modal } from '../../shared/ui/Modal';
import type { ReviewableLine } from './myReviews';
import { MyReviewMessages } from './myReviews';

/** The content box grows with the text up to this many rows (spec 000 section 9). */
const CONTENT_ROWS = 10;

interface ReviewWriteModalProps {
  line: ReviewableLine;
  onClose: () => void;
  /** The review was saved: the page reloads and shows the written tab. */
  onWritten: (orno: number) => void;
}

/**
 * The review write modal: title, a rating of 1 to 5 stars (none chosen at first), content. Submit
 * checks them in the spec's order, each failure an alert; saved, it alerts and closes.
 */
export function ReviewWriteModal({ line, onClose, onWritten }: ReviewWriteModalProps) {
  const [title, setTitle] = useState('');
  const [rate, setRate] = useState(0);
  const [content, setContent] = useState('');
  const titleRef = useRef<HTMLInputElement>(null);
  const rateRef = useRef<HTMLInputElement>(null);
  const contentRef = useRef<HTMLTextAreaElement>(null);
  const titleId = useId();
  const contentId = useId();
  const rateName = useId();

  const send = useMutation({
    mutationFn: () => writeReview(line.orno, { title: title.trim(), rate, content: content.trim() }),
    onSuccess: () => {
      window.alert(ReviewMessages.registered);
      onWritten(line.orno);
    },
    onError: (error) => window.alert(`${MyReviewMessages.writeFailed}\n${errorMessage(error)}`),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const problem = reviewDraftProblem({ title, rate, content });
    if (problem) {
      window.alert(problem);
      if (problem === ReviewMessages.titleRequired) titleRef.current?.focus();
      else if (problem === ReviewMessages.rateRequired) rateRef.current?.focus();
      else contentRef.current?.focus();
      return;
    }
    send.mutate();
  };

  const close = send.isPending ? () => undefined : onClose;

  return (
    <Modal
      title="리뷰 작성"
      onClose={close}
      initialFocus={titleRef}
      className="review-modal"
      testId="review-modal"
    >
      <form onSubmit={submit} noValidate>
        <p className="review-modal__product">
          {line.p_name}
          {line.od_name ? <span className="review-modal__option"> · {line.od_name}</span> : null}
        </p>
        <label className="review-modal__label" htmlFor={titleId}>
          제목
        </label>
        <input
          ref={titleRef}
          id={titleId}
          className="review-modal__input"
          value={title}
          maxLength={REVIEW_TITLE_MAX}
          placeholder="리뷰 제목을 입력해 주세요."
          onChange={(event) => setTitle(event.target.value)}
        />
        <fieldset className="review-modal__rating">
          <legend className="review-modal__label">별점</legend>
          <div className="star-input">
            {Array.from({ length: REVIEW_RATE_MAX }, (_, i) => i + 1).map((value) => (
              <label key={value} className={`star-input__star${value <= rate ? ' is-on' : ''}`}>
                <input
                  ref={value === 1 ? rateRef : undefined}
                  type="radio"
                  className="sr-only"
                  name={rateName}
                  value={value}
                  checked={rate === value}
                  onChange={() => setRate(value)}
                />
                <StarIcon size={28} filled={value <= rate} />
                <span className="sr-only">{value}점</span>
              </label>
            ))}
            <span className="star-input__value" aria-hidden="true">
              {rate ? `${rate}점` : '선택해 주세요'}
            </span>
          </div>
        </fieldset>
        <label className="review-modal__label" htmlFor={contentId}>
          내용
        </label>
        <textarea
          ref={contentRef}
          id={contentId}
          className="review-modal__content"
          value={content}
          rows={Math.min(CONTENT_ROWS, Math.max(4, content.split('\n').length))}
          maxLength={REVIEW_CONTENT_MAX}
          placeholder="상품에 대한 솔직한 후기를 남겨 주세요."
          onChange={(event) => setContent(event.target.value)}
        />
        <div className="modal__actions">
          <button type="button" className="btn" onClick={onClose} disabled={send.isPending}>
            취소
          </button>
          <button
            type="submit"
            className="btn btn--primary"
            disabled={send.isPending}
            aria-busy={send.isPending || undefined}
          >
            {send.isPending ? '등록 중…' : '등록'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
