import { useCallback, useEffect, useRef, useState } from 'react';

/** How long a clicked tab stays highlighted while the smooth scroll runs, if `scrollend` never comes. */
const CLICK_LOCK_MS = 1200;

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/**
 * Which of the sections `ids` is in view: the last one whose top has passed `offset` px below the
 * window top (the last one at the bottom of the page). `scrollToSection` puts a section's top at
 * `offset` and highlights its tab straight away.
 */
export function useScrollSpy(ids: readonly string[], offset: number) {
  const [active, setActive] = useState(ids[0] ?? '');
  const lockedTo = useRef<string | null>(null);
  const lockTimer = useRef<number | undefined>(undefined);
  const idsKey = ids.join(' ');

  const measure = useCallback(() => {
    if (lockedTo.current) return;
    const sectionIds = idsKey.split(' ');
    let current = sectionIds[0] ?? '';
    for (const id of sectionIds) {
      const section = document.getElementById(id);
      if (section && section.getBoundingClientRect().top - offset <= 1) current = id;
    }
    const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
    const last = sectionIds[sectionIds.length - 1];
    const lastSection = last ? document.getElementById(last) : null;
    if (atBottom && last && lastSection && lastSection.getBoundingClientRect().top < window.innerHeight) {
      current = last;
    }
    setActive(current);
  }, [idsKey, offset]);

  useEffect(() => {
    const release = () => {
      window.clearTimeout(lockTimer.current);
      if (!lockedTo.current) return;
      lockedTo.current = null;
      measure();
    };
    measure();
    window.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    window.addEventListener('scrollend', release);
    return () => {
      window.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
      window.removeEventListener('scrollend', release);
      window.clearTimeout(lockTimer.current);
    };
  }, [measure]);

  const scrollToSection = useCallback(
    (id: string) => {
      const section = document.getElementById(id);
      if (!section) return;
      const top = Math.max(0, section.getBoundingClientRect().top + window.scrollY - offset);
      setActive(id);
      if (Math.abs(top - window.scrollY) > 1) {
        lockedTo.current = id;
        window.clearTimeout(lockTimer.current);
        lockTimer.current = window.setTimeout(() => {
          lockedTo.current = null;
          measure();
        }, CLICK_LOCK_MS);
      }
      window.scrollTo({ top, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
      section.focus({ preventScroll: true });
    },
    [offset, measure],
  );

  return { active, scrollToSection };
}
