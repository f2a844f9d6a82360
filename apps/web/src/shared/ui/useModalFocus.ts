import { useEffect, useRef, type RefObject } from 'react';

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
export function useModalFocus(
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
