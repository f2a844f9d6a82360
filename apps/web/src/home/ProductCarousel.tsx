import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { CAROUSEL_LOCK_MS } from '../shared/constants';
import { ChevronLeftIcon, ChevronRightIcon } from '../shared/ui/icons';

interface ProductCarouselProps {
  label: string;
  /** Number of children; the edge state is re-measured when it changes. */
  itemCount: number;
  /** `<li className="carousel__item">` elements. */
  children: ReactNode;
}

/**
 * A sideways row of cards, 4 per slide group on wide screens. The buttons move one group and are
 * ignored for 500 ms after a press while the scroll animates. Touch and trackpads scroll natively.
 */
export function ProductCarousel({ label, itemCount, children }: ProductCarouselProps) {
  const trackRef = useRef<HTMLUListElement>(null);
  const locked = useRef(false);
  const lockTimer = useRef<number | undefined>(undefined);
  const [edges, setEdges] = useState({ atStart: true, atEnd: true });

  const measure = useCallback(() => {
    const track = trackRef.current;
    if (!track) return;
    const atStart = track.scrollLeft <= 1;
    const atEnd = track.scrollLeft + track.clientWidth >= track.scrollWidth - 1;
    setEdges((prev) => (prev.atStart === atStart && prev.atEnd === atEnd ? prev : { atStart, atEnd }));
  }, []);

  useEffect(() => {
    const track = trackRef.current;
    if (!track) return undefined;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(track);
    return () => observer.disconnect();
  }, [measure, itemCount]);

  useEffect(() => () => window.clearTimeout(lockTimer.current), []);

  const move = (direction: 1 | -1) => {
    const track = trackRef.current;
    if (!track || locked.current) return;
    locked.current = true;
    lockTimer.current = window.setTimeout(() => {
      locked.current = false;
    }, CAROUSEL_LOCK_MS);
    const gap = Number.parseFloat(getComputedStyle(track).columnGap) || 0;
    track.scrollBy({ left: direction * (track.clientWidth + gap), behavior: 'smooth' });
  };

  return (
    <div className="carousel">
      <button
        type="button"
        className="carousel__nav carousel__nav--prev"
        aria-label={`${label} 이전 상품 보기`}
        disabled={edges.atStart}
        onClick={() => move(-1)}
      >
        <ChevronLeftIcon size={22} />
      </button>
      <ul ref={trackRef} className="carousel__track" aria-label={label} onScroll={measure}>
        {children}
      </ul>
      <button
        type="button"
        className="carousel__nav carousel__nav--next"
        aria-label={`${label} 다음 상품 보기`}
        disabled={edges.atEnd}
        onClick={() => move(1)}
      >
        <ChevronRightIcon size={22} />
      </button>
    </div>
  );
}
