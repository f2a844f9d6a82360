import { SECRET_INQUIRY_TITLE, type InquiryDto } from '@mkt/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { productInquiriesQuery } from '../shared/api/inquiries';
import { INQUIRY_PAGE_SIZE } from '../shared/constants';
import { useSession } from '../shared/session';
import { formatDate } from '../shared/text/format';
import { ErrorState } from '../shared/ui/ErrorState';
import { ChevronDownIcon, LockIcon } from '../shared/ui/icons';
import { Pagination } from '../shared/ui/Pagination';

interface InquirySectionProps {
  pno: number;
  onAsk: () => void;
  onReveal: () => void;
}

/** 상품 문의: the product's inquiries, 10 a page; a row opens its question and, once answered, the answer. */
export function InquirySection({ pno, onAsk, onReveal }: InquirySectionProps) {
  const [page, setPage] = useState(1);
  const inquiries = useQuery(productInquiriesQuery({ pno, page, size: INQUIRY_PAGE_SIZE }));
  const list = inquiries.data?.dtoList ?? [];

  return (
    <>
      <div className="section-head section-head--with-action">
        <div>
          <h2 className="section-head__title">상품 문의</h2>
          <ul className="section-head__notes">
            <li>
              상품에 대한 문의를 남기는 공간입니다. 배송, 결제, 교환/반품 문의는 1:1 문의를 이용해 주세요.
            </li>
            <li>비밀글은 작성자만 볼 수 있습니다.</li>
          </ul>
        </div>
        <button type="button" className="btn btn--primary" onClick={onAsk}>
          문의하기
        </button>
      </div>

      {inquiries.isPending ? (
        <div className="inquiry-list" aria-busy="true" aria-label="문의를 불러오는 중">
          {Array.from({ length: 3 }, (_, i) => (
            <div key={i} className="skeleton inquiry-list__skeleton" aria-hidden="true" />
          ))}
        </div>
      ) : inquiries.isError ? (
        <ErrorState
          compact
          title="문의를 불러오지 못했습니다"
          error={inquiries.error}
          onRetry={() => void inquiries.refetch()}
        />
      ) : list.length === 0 ? (
        <p className="empty-state" role="status" data-testid="inquiries-empty">
          등록된 문의가 없습니다.
        </p>
      ) : (
        <>
          <div className="inquiry-table-head" aria-hidden="true">
            <span>답변상태</span>
            <span>제목</span>
            <span>작성자</span>
            <span>작성일</span>
          </div>
          <ul
            className={`inquiry-list${inquiries.isPlaceholderData ? ' is-stale' : ''}`}
            aria-label="상품 문의 목록"
            data-testid="inquiry-list"
          >
            {list.map((inquiry) => (
              <InquiryRow key={inquiry.qno} inquiry={inquiry} />
            ))}
          </ul>
          <Pagination
            page={inquiries.data}
            label="문의 페이지"
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

function InquiryRow({ inquiry }: { inquiry: InquiryDto }) {
  const { member } = useSession();
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  // A secret inquiry opens only for its author; everybody else gets the placeholder title.
  const hidden = inquiry.secret && member?.mno !== inquiry.mno;
  const title = hidden ? SECRET_INQUIRY_TITLE : inquiry.title;

  const cells = (
    <>
      <span className={`badge${inquiry.replyCheck ? ' badge--done' : ''}`} data-testid="inquiry-status">
        {inquiry.replyCheck ? '답변완료' : '답변대기'}
      </span>
      <span className="inquiry__title">
        {inquiry.secret && (
          <>
            <LockIcon size={15} className="inquiry__lock" />
            <span className="sr-only">비밀글</span>
          </>
        )}
        <span>{title}</span>
      </span>
      <span className="inquiry__author">{inquiry.m_nickName}</span>
      <span className="inquiry__date">{formatDate(inquiry.regDate)}</span>
    </>
  );

  return (
    <li
      className={`inquiry${open ? ' is-open' : ''}`}
      data-testid="inquiry"
      data-secret={hidden || undefined}
    >
      {hidden ? (
        <div className="inquiry__row inquiry__row--locked">{cells}</div>
      ) : (
        <button
          type="button"
          className="inquiry__row"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((value) => !value)}
        >
          {cells}
          <ChevronDownIcon size={16} className="inquiry__chevron" />
        </button>
      )}
      {!hidden && (
        <div id={bodyId} className="inquiry__body" hidden={!open}>
          <div className="inquiry__qa">
            <span className="inquiry__mark" aria-hidden="true">
              Q
            </span>
            <p className="inquiry__text">{inquiry.content}</p>
          </div>
          {inquiry.replyCheck && inquiry.proQAReply && (
            <div className="inquiry__qa inquiry__qa--answer">
              <span className="inquiry__mark inquiry__mark--answer" aria-hidden="true">
                A
              </span>
              <div>
                <p className="inquiry__text">{inquiry.proQAReply.qr_content}</p>
                <p className="inquiry__answer-date">{formatDate(inquiry.proQAReply.regDate)}</p>
              </div>
            </div>
          )}
        </div>
      )}
    </li>
  );
}
