import type { InquiryDto, InquiryWrite } from '@mkt/contracts';
import { INQUIRY_CONTENT_MAX, INQUIRY_TITLE_MAX, InquiryMessages } from '@mkt/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { addInquiry, changeInquiry, inquiryKeys } from '../shared/api/inquiries';
import { errorMessage } from '../shared/ui/ErrorState';
import { Modal } from '../shared/ui/Modal';
import { checkInquiryForm } from './inquiryForm';
import './inquiries.css';

interface InquiryFormModalProps {
  /** The asking member, as the spec's client names them in the body. */
  mno: number;
  pno: number;
  /** Editing this inquiry of the member's; asking a new one when absent. */
  inquiry?: InquiryDto;
  onClose: () => void;
}

/**
 * 상품 문의하기 (or 문의 수정): title and content required, checked in that order with an alert each,
 * and a secret checkbox. Saved, the member is told and every inquiry list reloads.
 */
export function InquiryFormModal({ mno, pno, inquiry, onClose }: InquiryFormModalProps) {
  const [title, setTitle] = useState(inquiry?.title ?? '');
  const [content, setContent] = useState(inquiry?.content ?? '');
  const [secret, setSecret] = useState(inquiry?.secret ?? false);
  const titleRef = useRef<HTMLInputElement>(null);
  const contentRef = useRef<HTMLTextAreaElement>(null);
  const titleId = useId();
  const contentId = useId();
  const queryClient = useQueryClient();

  const save = useMutation({
    mutationFn: (write: InquiryWrite) =>
      inquiry ? changeInquiry(inquiry, write) : addInquiry(mno, pno, write),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: inquiryKeys.all });
      window.alert(inquiry ? InquiryMessages.changed : InquiryMessages.added);
      onClose();
    },
    onError: (error) => window.alert(errorMessage(error)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const checked = checkInquiryForm({ title, content, secret });
    if ('alert' in checked) {
      window.alert(checked.alert);
      (checked.field === 'title' ? titleRef : contentRef).current?.focus();
      return;
    }
    save.mutate(checked.inquiry);
  };

  return (
    <Modal
      title={inquiry ? '문의 수정' : '상품 문의하기'}
      onClose={save.isPending ? () => undefined : onClose}
      initialFocus={titleRef}
      className="inquiry-form"
      testId="inquiry-form"
    >
      <form onSubmit={submit} noValidate>
        <label className="inquiry-form__label" htmlFor={titleId}>
          제목
        </label>
        <input
          ref={titleRef}
          id={titleId}
          className="inquiry-form__input"
          value={title}
          maxLength={INQUIRY_TITLE_MAX}
          required
          aria-required="true"
          placeholder="제목을 입력해 주세요"
          onChange={(event) => setTitle(event.target.value)}
        />
        <label className="inquiry-form__label" htmlFor={contentId}>
          내용
        </label>
        <textarea
          ref={contentRef}
          id={contentId}
          className="inquiry-form__input inquiry-form__content"
          value={content}
          maxLength={INQUIRY_CONTENT_MAX}
          rows={6}
          required
          aria-required="true"
          placeholder="문의 내용을 입력해 주세요"
          onChange={(event) => setContent(event.target.value)}
        />
        <label className="inquiry-form__secret">
          <input type="checkbox" checked={secret} onChange={(event) => setSecret(event.target.checked)} />
          비밀글로 문의하기
        </label>
        <div className="modal__actions">
          <button type="button" className="btn" onClick={onClose} disabled={save.isPending}>
            취소
          </button>
          <button type="submit" className="btn btn--primary" aria-busy={save.isPending || undefined}>
            {save.isPending ? '저장 중…' : inquiry ? '수정' : '등록'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
