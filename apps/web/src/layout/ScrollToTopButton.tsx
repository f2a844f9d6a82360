import { STICKY_HEADER_OFFSET_PX } from '../shared/constants';
import { ArrowUpIcon } from '../shared/ui/icons';
import { useScrolledPast } from '../shared/ui/useScrolledPast';

export function ScrollToTopButton() {
  const visible = useScrolledPast(STICKY_HEADER_OFFSET_PX);
  return (
    <button
      type="button"
      className={`scroll-top${visible ? ' is-visible' : ''}`}
      aria-label="맨 위로"
      title="맨 위로"
      tabIndex={visible ? 0 : -1}
      aria-hidden={visible ? undefined : true}
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <ArrowUpIcon size={22} />
    </button>
  );
}
