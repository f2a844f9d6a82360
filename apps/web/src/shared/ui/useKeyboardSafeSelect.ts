import { useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';

/** Keys with which Chrome and Firefox on Windows and Linux step through a closed select, firing change each time. */
const STEP_KEYS = new Set([
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'PageUp',
  'PageDown',
]);

/**
 * Props for a `<select>` whose change does something (navigates, adds a card). A pointer pick acts at
 * once; stepping through the options with the keyboard only moves the shown value, and Enter or
 * leaving the field acts on it (Escape goes back), so arrowing past options does not act on each.
 */
export function useKeyboardSafeSelect(value: string, onCommit: (value: string) => void) {
  const [pending, setPending] = useState<string | null>(null);
  const stepping = useRef(false);

  const commit = (next: string) => {
    setPending(null);
    if (next !== value) onCommit(next);
  };

  return {
    value: pending ?? value,
    onKeyDown: (event: KeyboardEvent<HTMLSelectElement>) => {
      if (event.key === 'Enter' && pending !== null) {
        event.preventDefault();
        commit(pending);
        return;
      }
      if (event.key === 'Escape' && pending !== null) {
        setPending(null);
        return;
      }
      // Typing a letter also jumps to an option; Space and Alt+arrows open the list instead.
      stepping.current =
        !event.altKey && (STEP_KEYS.has(event.key) || (event.key.length === 1 && event.key !== ' '));
    },
    onChange: (event: ChangeEvent<HTMLSelectElement>) => {
      const next = event.target.value;
      if (stepping.current) {
        stepping.current = false;
        setPending(next);
      } else {
        commit(next);
      }
    },
    onBlur: () => {
      stepping.current = false;
      if (pending !== null) commit(pending);
    },
    onPointerDown: () => {
      stepping.current = false;
    },
  };
}
