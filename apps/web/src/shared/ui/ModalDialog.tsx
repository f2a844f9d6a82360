import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import './modal-dialog.css';

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
  useDialogFocus(dialogRef, { onEscape, initialFocus, appRoot: document.getElementById('root') });

  return createPortal(
    <div className="modal-dialog-backdrop">
      <div
        ref={dialogRef}
        className={`modal-dialog${className ? ` ${className}` : ''}`}
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

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusablesIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.closest('[inert]') && element.getClientRects().length > 0,
  );
}

/**
 * A modal's keyboard behaviour while it is mounted: focus moves in (to `initialFocus`, else the
 * first control, else the container), Tab and Shift+Tab stay inside, Escape calls `onEscape`, the
 * page behind is inert and does not scroll, and focus returns where it was once the modal closes.
 */
function useDialogFocus(
  containerRef: RefObject<HTMLElement | null>,
  options: {
    onEscape?: () => void;
    initialFocus?: RefObject<HTMLElement | null>;
    appRoot?: HTMLElement | null;
  },
): void {
  const onEscape = useRef(options.onEscape);
  useEffect(() => {
    onEscape.current = options.onEscape;
  });
  const { initialFocus, appRoot } = options;

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    (initialFocus?.current ?? focusablesIn(container)[0] ?? container).focus();

    const wasInert = appRoot?.inert ?? false;
    if (appRoot) appRoot.inert = true;
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && onEscape.current) {
        event.preventDefault();
        onEscape.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusables = focusablesIn(container);
      if (focusables.length === 0) {
        event.preventDefault();
        container.focus();
        return;
      }
      const first = focusables[0];
      const last = focusables[focusables.length - 1];
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !container.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !container.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = previousOverflow;
      if (appRoot) appRoot.inert = wasInert;
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
  }, [containerRef, initialFocus, appRoot]);
}
