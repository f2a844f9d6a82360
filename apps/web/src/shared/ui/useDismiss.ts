import { useEffect, useRef, type RefObject } from 'react';

/** Calls `onDismiss` when a pointer goes down outside `ref` while `active`. */
export function useDismiss(ref: RefObject<HTMLElement | null>, active: boolean, onDismiss: () => void): void {
  const callback = useRef(onDismiss);
  useEffect(() => {
    callback.current = onDismiss;
  });

  useEffect(() => {
    if (!active) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && ref.current?.contains(event.target)) return;
      callback.current();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [ref, active]);
}

/** True when focus moves to an element outside `container` (for onBlur handlers). */
export function focusLeft(container: HTMLElement | null, next: EventTarget | null): boolean {
  return !(next instanceof Node && container?.contains(next));
}
