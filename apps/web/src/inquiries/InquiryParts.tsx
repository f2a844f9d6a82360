import type { InquiryDto } from '@mkt/contracts';
import { formatDate } from '../shared/text/format';
import { LockIcon } from '../shared/ui/icons';
import './inquiries.css';

/** 답변대기 or 답변완료. */
export function AnswerStatus({ answered }: { answered: boolean }) {
  return (
    <span className={`qa-status${answered ? ' qa-status--done' : ''}`} data-testid="inquiry-status">
      {answered ? '답변완료' : '답변대기'}
    </span>
  );
}

/** The question's title, with a lock for a secret one. */
export function InquiryTitle({ inquiry }: { inquiry: Pick<InquiryDto, 'title' | 'secret'> }) {
  return (
    <span className="qa-title">
      {inquiry.secret && (
        <>
          <LockIcon size={15} className="qa-title__lock" />
          <span className="sr-only">비밀글</span>
        </>
      )}
      <span>{inquiry.title}</span>
    </span>
  );
}

/** The seller's answer and its date. */
export function InquiryAnswer({ reply }: { reply: NonNullable<InquiryDto['proQAReply']> }) {
  return (
    <div className="qa-answer" data-testid="inquiry-answer">
      <span className="qa-answer__mark" aria-hidden="true">
        A
      </span>
      <div>
        <p className="qa-answer__text">{reply.qr_content}</p>
        <p className="qa-answer__date">답변일 {formatDate(reply.regDate)}</p>
      </div>
    </div>
  );
}
