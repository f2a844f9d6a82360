import { useEffect, type RefObject } from 'react';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The elements of `container` that Tab stops at, in order. */
export function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.closest('[inert]') && element.getClientRects().length > 0,
  );
}

/** Open modals, innermost last: only the innermost one keeps focus. */
const openModals: HTMLElement[] = [];

/**
 * Keeps focus inside `ref` while it is mounted: focuses `initialFocus` (else the first focusable
 * element, else the container) on open, wraps Tab and Shift+Tab, pulls back focus that escapes, and
 * on close gives focus back to the element that had it before (or `fallback()` when that is gone).
 */
export function useModalFocus(
  ref: RefObject<HTMLElement | null>,
  initialFocus?: RefObject<HTMLElement | null>,
  fallback?: () => HTMLElement | null,
): void {
  useEffect(() => {
    const container = ref.current;
    if (!container) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openModals.push(container);
    const isInnermost = () => openModals[openModals.length - 1] === container;

    (initialFocus?.current ?? focusableIn(container)[0] ?? container).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || !isInnermost()) return;
      const focusable = focusableIn(container);
      if (focusable.length === 0) {
        event.preventDefault();
        container.focus();
        return;
      }
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !container.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !container.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      if (!isInnermost() || (event.target instanceof Node && container.contains(event.target))) return;
      (focusableIn(container)[0] ?? container).focus();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      openModals.splice(openModals.indexOf(container), 1);
      const back = opener?.isConnected ? opener : (fallback?.() ?? document.getElementById('main'));
      back?.focus({ preventScroll: true });
    };
    // Runs once per opening: the refs and the fallback are read when it opens and closes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
