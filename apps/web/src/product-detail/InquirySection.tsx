import type { InquiryDto } from '@mkt/contracts';
import { InquiryMessages } from '@mkt/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { InquiryFormModal } from '../inquiries/InquiryFormModal';
import { deleteInquiry, inquiryKeys, productInquiriesQuery } from '../shared/api/inquiries';
import { INQUIRY_PAGE_SIZE } from '../shared/constants';
import { useSession } from '../shared/session';
import { formatDate } from '../shared/text/format';
import { ConfirmDialog } from '../shared/ui/ConfirmDialog';
import { ErrorState, errorMessage } from '../shared/ui/ErrorState';
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
  const { member } = useSession();
  const inquiries = useQuery(
    productInquiriesQuery({ pno, page, size: INQUIRY_PAGE_SIZE, viewer: member?.mno ?? null }),
  );
  const list = inquiries.data?.dtoList ?? [];
  const [editing, setEditing] = useState<InquiryDto | null>(null);
  const [deleting, setDeleting] = useState<InquiryDto | null>(null);
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (qno: number) => deleteInquiry(qno),
    onSuccess: () => {
      setDeleting(null);
      void queryClient.invalidateQueries({ queryKey: inquiryKeys.all });
    },
    onError: (error) => window.alert(errorMessage(error)),
  });

  return (
    <>
      <div className="section-head section-head--with-action">
        <div>
          <h2 className="section-head__title">상품 문의</h2>
          <ul className="section-head__notes">
            <li>
              상품에 대한 문의를 남기는 공간입니다. 배송, 결제, 교환/반품 문의는 1:1 문의를 이용해 주세요.
            </li>
            <li>비밀글은 작성자와 판매자만 볼 수 있습니다.</li>
          </ul>
        </div>
        <button type="button" className="btn btn--primary" onClick={onAsk}>
          문의하기
        </button>
      </div>

      {inquiries.isPending ? (
        <div className="inquiry-list" role="status" aria-busy="true" aria-label="문의를 불러오는 중">
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
              <InquiryRow
                key={inquiry.qno}
                inquiry={inquiry}
                mine={member?.mno === inquiry.mno}
                onEdit={() => setEditing(inquiry)}
                onDelete={() => setDeleting(inquiry)}
              />
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
      {editing && member && (
        <InquiryFormModal mno={member.mno} pno={pno} inquiry={editing} onClose={() => setEditing(null)} />
      )}
      {deleting && (
        <ConfirmDialog
          title="문의 삭제"
          message="이 문의를 삭제할까요? 답변도 함께 삭제됩니다."
          confirmLabel="삭제"
          busy={remove.isPending}
          onConfirm={() => remove.mutate(deleting.qno)}
          onCancel={() => setDeleting(null)}
          testId="inquiry-delete-confirm"
        />
      )}
    </>
  );
}

interface InquiryRowProps {
  inquiry: InquiryDto;
  /** The signed-in member wrote it: they may edit it (until answered) and delete it. */
  mine: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

function InquiryRow({ inquiry, mine, onEdit, onDelete }: InquiryRowProps) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  // The server masks a secret inquiry for all but its author (and the seller and admins).
  const hidden = inquiry.masked;

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
        <span>{inquiry.title}</span>
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
          {mine && (
            <div className="inquiry__actions">
              {inquiry.replyCheck ? (
                <p className="inquiry__note">{InquiryMessages.answeredNotEditable}</p>
              ) : (
                <button type="button" className="btn inquiry__action" onClick={onEdit}>
                  수정
                </button>
              )}
              <button type="button" className="btn inquiry__action" onClick={onDelete}>
                삭제
              </button>
            </div>
          )}
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
