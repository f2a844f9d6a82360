import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { SLIDER_INTERVAL_MS, SLIDER_LOCK_MS } from '../shared/constants';
import { sortedListUrl } from '../shared/routing/paths';
import { ChevronLeftIcon, ChevronRightIcon } from '../shared/ui/icons';

interface Slide {
  src: string;
  to: string;
}

const SLIDES: readonly Slide[] = [
  { src: '/banners/banner-1.svg', to: sortedListUrl('p_salePer') },
  { src: '/banners/banner-2.svg', to: sortedListUrl('pno') },
  { src: '/banners/banner-3.svg', to: sortedListUrl('p_salesVol') },
];

/** How long before the first advance the other banners load. */
const BANNERS_AHEAD_MS = 1500;

/**
 * The first banner loads at once, the others shortly before the first advance (or at the first
 * press): laying out an SVG banner's text is a main-thread task, kept out of the page's start.
 */
function useOtherBannersLater(): [boolean, () => void] {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setLoaded(true), SLIDER_INTERVAL_MS - BANNERS_AHEAD_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return [loaded, () => setLoaded(true)];
}

/**
 * Home banner slider: advances every 5 s and wraps; the pointer over it pauses, leaving restarts
 * the wait. Previous/next wrap around and ignore presses for 500 ms after one. Counter 'n / total'.
 */
export function HeroSlider() {
  const total = SLIDES.length;
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [othersLoaded, loadOthers] = useOtherBannersLater();
  const locked = useRef(false);
  const lockTimer = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (hovered) return undefined;
    const timer = window.setTimeout(() => setIndex((current) => (current + 1) % total), SLIDER_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [hovered, index, total]);

  useEffect(() => () => window.clearTimeout(lockTimer.current), []);

  const step = (delta: 1 | -1) => {
    loadOthers();
    if (locked.current) return;
    locked.current = true;
    lockTimer.current = window.setTimeout(() => {
      locked.current = false;
    }, SLIDER_LOCK_MS);
    setIndex((current) => (current + delta + total) % total);
  };

  return (
    <section
      className="hero"
      aria-roledescription="carousel"
      aria-label="기획전 배너"
      data-testid="hero-slider"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <div className="hero__viewport">
        <div className="hero__track" style={{ transform: `translateX(-${index * 100}%)` }}>
          {SLIDES.map((slide, i) => {
            const current = i === index;
            return (
              <div
                key={slide.src}
                className="hero__slide"
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} / ${total}`}
                aria-hidden={current ? undefined : true}
              >
                <Link to={slide.to} className="hero__link" tabIndex={current ? undefined : -1}>
                  {(i === 0 || othersLoaded) && (
                    <img
                      className="hero__image"
                      src={slide.src}
                      alt={`Slide ${i + 1}`}
                      draggable={false}
                      // The first banner is the home's largest paint: in the server's HTML, it is
                      // fetched beside the scripts rather than after them.
                      fetchPriority={i === 0 ? 'high' : undefined}
                    />
                  )}
                </Link>
              </div>
            );
          })}
        </div>
      </div>
      <div className="hero__controls container">
        <button
          type="button"
          className="hero__nav hero__nav--prev"
          aria-label="이전 슬라이드"
          onClick={() => step(-1)}
        >
          <ChevronLeftIcon size={26} />
        </button>
        <button
          type="button"
          className="hero__nav hero__nav--next"
          aria-label="다음 슬라이드"
          onClick={() => step(1)}
        >
          <ChevronRightIcon size={26} />
        </button>
        <span className="hero__counter" data-testid="slider-counter">
          {index + 1} / {total}
        </span>
      </div>
    </section>
  );
}
