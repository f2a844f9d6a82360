import { useSyncExternalStore } from 'react';

/**
 * The window's scroll offset as last read in a scroll or resize event, or in the frame after a
 * subscription. Reading `window.scrollY` while rendering would force a layout of the half-built page
 * inside the render (the home's longest task at start).
 */
let knownScrollY = 0;

function subscribe(onChange: () => void): () => void {
  const update = () => {
    knownScrollY = window.scrollY;
    onChange();
  };
  const frame = window.requestAnimationFrame(update);
  window.addEventListener('scroll', update, { passive: true });
  window.addEventListener('resize', update);
  return () => {
    window.cancelAnimationFrame(frame);
    window.removeEventListener('scroll', update);
    window.removeEventListener('resize', update);
  };
}

/** True once the window has scrolled more than `offset` pixels. Re-renders only when that flips. */
export function useScrolledPast(offset: number): boolean {
  return useSyncExternalStore(
    subscribe,
    () => knownScrollY > offset,
    () => false,
  );
}
