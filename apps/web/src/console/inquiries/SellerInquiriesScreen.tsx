import type { InquiryWithProductDto } from '@mkt/contracts';
import { InquiryMessages } from '@mkt/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { checkAnswer } from '../../inquiries/inquiryForm';
import { AnswerStatus, InquiryAnswer, InquiryTitle } from '../../inquiries/InquiryParts';
import { answerInquiry, inquiriesToAnswerQuery, inquiryKeys } from '../../shared/api/inquiries';
import { formatDate } from '../../shared/text/format';
import { ErrorState, errorMessage } from '../../shared/ui/ErrorState';
import { Pagination } from '../../shared/ui/Pagination';
import './seller-inquiries.css';

const PAGE_SIZE = 10;

/** The list's filter, kept in the URL (`?status=`). */
const FILTERS = [
  { value: 'all', label: '전체', answered: undefined },
  { value: 'waiting', label: '답변대기', answered: false },
  { value: 'answered', label: '답변완료', answered: true },
] as const;
type Filter = (typeof FILTERS)[number];

/** The navigation state that opens the answer form of one inquiry (the console's sub-view rule). */
interface AnswerState {
  answerInquiry?: InquiryWithProductDto;
}

/**
 * 상품 문의 of the seller console: the inquiries on the seller's products, unanswered first, ten a
 * page; 답변하기 opens the answer form (navigation state `answerInquiry`).
 */
export function SellerInquiriesScreen() {
  const state = useLocation().state as AnswerState | null;
  return state?.answerInquiry ? <AnswerForm inquiry={state.answerInquiry} /> : <InquiryList />;
}

function viewOf(search: URLSearchParams): { page: number; filter: Filter } {
  const page = Number(search.get('page'));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    filter: FILTERS.find((filter) => filter.value === search.get('status')) ?? FILTERS[0],
  };
}

function InquiryList() {
  const [search, setSearch] = useSearchParams();
  const { page, filter } = viewOf(search);
  const show = (next: { page: number; filter: Filter }) =>
    setSearch({
      ...(next.filter.answered === undefined ? {} : { status: next.filter.value }),
      page: String(next.page),
    });
  return (
    <section className="seller-qa" aria-label="상품 문의 목록">
      <div className="seller-qa__filters" role="group" aria-label="답변 상태">
        {FILTERS.map((option) => (
          <button
            key={option.value}
            type="button"
            className={`seller-qa__filter${option === filter ? ' is-active' : ''}`}
            aria-pressed={option === filter}
            onClick={() => show({ filter: option, page: 1 })}
          >
            {option.label}
          </button>
        ))}
      </div>
      <InquiryCards page={page} filter={filter} onPage={(next) => show({ filter, page: next })} />
    </section>
  );
}

function InquiryCards({
  page,
  filter,
  onPage,
}: {
  page: number;
  filter: Filter;
  onPage: (page: number) => void;
}) {
  const inquiries = useQuery(inquiriesToAnswerQuery({ page, size: PAGE_SIZE, answered: filter.answered }));
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  if (inquiries.isPending) {
    return (
      <p className="seller-qa__state" role="status">
        로딩 중...
      </p>
    );
  }
  if (inquiries.isError) {
    return (
      <ErrorState
        title="상품 문의를 불러오지 못했습니다"
        error={inquiries.error}
        onRetry={() => void inquiries.refetch()}
      />
    );
  }
  if (inquiries.data.dtoList.length === 0) {
    return (
      <p className="seller-qa__state" data-testid="seller-inquiries-empty">
        {filter.answered === false ? '답변을 기다리는 문의가 없습니다.' : '내 상품에 등록된 문의가 없습니다.'}
      </p>
    );
  }
  return (
    <>
      <p className="seller-qa__summary">
        {filter.label} {inquiries.data.totalCount}건
        {filter.answered === undefined ? ' · 답변을 기다리는 문의가 먼저 보입니다.' : ''}
      </p>
      <ul
        className="qa-cards"
        data-testid="seller-inquiries"
        aria-busy={inquiries.isPlaceholderData || undefined}
      >
        {inquiries.data.dtoList.map((inquiry) => (
          <li key={inquiry.qno} className="qa-card" data-testid="seller-inquiry">
            <QuestionFacts inquiry={inquiry} />
            {inquiry.proQAReply && <InquiryAnswer reply={inquiry.proQAReply} />}
            <div className="qa-card__actions">
              <button
                type="button"
                className={`btn${inquiry.replyCheck ? '' : ' btn--primary'}`}
                onClick={() =>
                  void navigate(`${pathname}${search}`, {
                    state: { answerInquiry: inquiry } satisfies AnswerState,
                  })
                }
              >
                {inquiry.replyCheck ? '답변 수정' : '답변하기'}
                <span className="sr-only">: {inquiry.title}</span>
              </button>
            </div>
          </li>
        ))}
      </ul>
      <Pagination page={inquiries.data} label="상품 문의 페이지" onSelect={onPage} />
    </>
  );
}

function QuestionFacts({ inquiry }: { inquiry: InquiryWithProductDto }) {
  return (
    <>
      <div className="qa-card__meta">
        <AnswerStatus answered={inquiry.replyCheck} />
        <span className="qa-card__product">{inquiry.p_name ?? `상품 ${inquiry.pno}`}</span>
        <span>{inquiry.m_nickName}</span>
        <span>{formatDate(inquiry.regDate)}</span>
      </div>
      <InquiryTitle inquiry={inquiry} />
      <p className="qa-card__content">{inquiry.content}</p>
    </>
  );
}

/** The answer to one inquiry: required; given again, it replaces the earlier answer and its date. */
function AnswerForm({ inquiry }: { inquiry: InquiryWithProductDto }) {
  const [text, setText] = useState(inquiry.proQAReply?.qr_content ?? '');
  const answerRef = useRef<HTMLTextAreaElement>(null);
  const answerId = useId();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const queryClient = useQueryClient();
  const backToList = () => void navigate(`${pathname}${search}`);

  const send = useMutation({
    mutationFn: (answer: string) => answerInquiry(inquiry.qno, answer),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: inquiryKeys.all });
      window.alert(InquiryMessages.answered);
      backToList();
    },
    onError: (error) => window.alert(errorMessage(error)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const checked = checkAnswer(text);
    if ('alert' in checked) {
      window.alert(checked.alert);
      answerRef.current?.focus();
      return;
    }
    send.mutate(checked.answer);
  };

  return (
    <section className="seller-qa" aria-label="문의 답변">
      <article className="qa-card" data-testid="answer-question">
        <QuestionFacts inquiry={inquiry} />
      </article>
      <form className="seller-qa__form" onSubmit={submit} noValidate>
        <label className="inquiry-form__label" htmlFor={answerId}>
          답변
        </label>
        <textarea
          ref={answerRef}
          id={answerId}
          className="inquiry-form__input inquiry-form__content"
          value={text}
          rows={6}
          required
          aria-required="true"
          placeholder="답변을 입력해 주세요"
          onChange={(event) => setText(event.target.value)}
        />
        <div className="seller-qa__actions">
          <button type="button" className="btn" onClick={backToList} disabled={send.isPending}>
            목록
          </button>
          <button type="submit" className="btn btn--primary" aria-busy={send.isPending || undefined}>
            {send.isPending ? '등록 중…' : '답변 등록'}
          </button>
        </div>
      </form>
    </section>
  );
}
