import { useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useModalFocus } from './useModalFocus';
import './modal.css';

interface ModalDialogProps {
  /** The id of the element that names the dialog (its heading). */
  labelledBy: string;
  describedBy?: string;
  /** Escape calls it; without it Escape does nothing (e.g. while a payment is being sent). */
  onEscape?: () => void;
  initialFocus?: RefObject<HTMLElement | null>;
  className?: string;
  testId?: string;
  children: ReactNode;
}

/**
 * A modal dialog over the page (role=dialog, aria-modal): keyboard focus stays inside, Escape
 * closes it, and focus goes back to where it was when it closes. The app behind is inert.
 */
export function ModalDialog({
  labelledBy,
  describedBy,
  onEscape,
  initialFocus,
  className,
  testId,
  children,
}: ModalDialogProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  useModalFocus(dialogRef, { onEscape, initialFocus, appRoot: document.getElementById('root') });

  return createPortal(
    <div className="modal-backdrop">
      <div
        ref={dialogRef}
        className={`modal${className ? ` ${className}` : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        data-testid={testId}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
