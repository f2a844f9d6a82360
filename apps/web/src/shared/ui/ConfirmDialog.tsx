import { useId, useRef } from 'react';
import { Modal } from './Modal';

interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** The confirmation is being carried out: the buttons do nothing meanwhile. */
  busy?: boolean;
  returnFocus?: () => HTMLElement | null;
  testId?: string;
}

const ignore = () => undefined;

/** A yes-or-no question in a modal; 취소 has focus first, so Enter never deletes by accident. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
  busy = false,
  returnFocus,
  testId,
}: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  const messageId = useId();
  return (
    <Modal
      title={title}
      onClose={busy ? ignore : onCancel}
      role="alertdialog"
      describedBy={messageId}
      initialFocus={cancel}
      returnFocus={returnFocus}
      closeButton={false}
      className="modal--confirm"
      testId={testId}
    >
      <p id={messageId} className="modal__message">
        {message}
      </p>
      <div className="modal__actions">
        <button ref={cancel} type="button" className="btn" onClick={busy ? ignore : onCancel}>
          취소
        </button>
        <button
          type="button"
          className="btn btn--primary"
          onClick={busy ? ignore : onConfirm}
          aria-busy={busy || undefined}
        >
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
