import { StarIcon } from '../shared/ui/icons';
import './stars.css';

export const MAX_RATE = 5;

/** Read-only stars, e.g. 4 of 5 filled; announced as '별점 5점 만점에 4점'. */
export function StarRating({ value, size = 16 }: { value: number; size?: number }) {
  const rate = Math.max(0, Math.min(MAX_RATE, Math.round(value)));
  return (
    <span className="stars" role="img" aria-label={`별점 ${MAX_RATE}점 만점에 ${rate}점`} data-rate={rate}>
      {Array.from({ length: MAX_RATE }, (_, i) => (
        <StarIcon key={i} size={size} filled={i < rate} className={i < rate ? 'stars__on' : 'stars__off'} />
      ))}
    </span>
  );
}
