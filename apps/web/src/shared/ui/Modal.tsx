import { useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from './icons';
import { useDismiss } from './useDismiss';
import { useModalFocus } from './useModalFocus';
import { useScrollLock } from './useScrollLock';
import './modal.css';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** 'alertdialog' for a question that needs an answer (a confirmation). */
  role?: 'dialog' | 'alertdialog';
  /** Focused on open; else the first focusable element. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Where focus goes on close when the element that opened the modal is gone. */
  returnFocus?: () => HTMLElement | null;
  /** The id of the text that explains the dialog (a confirmation's question). */
  describedBy?: string;
  /** Shows the × button in the title bar. */
  closeButton?: boolean;
  className?: string;
  testId?: string;
}

/**
 * A modal dialog over the page: labelled by its title, closed by Escape, the × button or a click
 * outside; focus stays inside while open and goes back to the opener; the page does not scroll.
 */
export function Modal({
  title,
  onClose,
  children,
  role = 'dialog',
  initialFocus,
  returnFocus,
  describedBy,
  closeButton = true,
  className,
  testId,
}: ModalProps) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useScrollLock();
  useModalFocus(panel, initialFocus, returnFocus);
  useDismiss(panel, true, onClose);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onClose();
  };

  return createPortal(
    <div className="modal-backdrop">
      <div
        ref={panel}
        className={`modal${className ? ` ${className}` : ''}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        data-testid={testId}
      >
        <div className="modal__head">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {closeButton && (
            <button type="button" className="modal__close" aria-label="닫기" onClick={onClose}>
              <CloseIcon size={20} />
            </button>
          )}
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
