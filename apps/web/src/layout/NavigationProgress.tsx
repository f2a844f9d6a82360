import { useNavigation } from 'react-router-dom';

/**
 * While the next page's code loads (every page but the home comes on demand), a bar at the top of
 * the window, and the same news for screen readers; the current page stays until the next one can
 * show.
 */
export function NavigationProgress() {
  const loading = useNavigation().state === 'loading';
  return (
    <div className={`navigation-progress${loading ? ' is-loading' : ''}`} data-testid="navigation-progress">
      <span className="sr-only" role="status">
        {loading ? '페이지를 불러오는 중입니다' : ''}
      </span>
    </div>
  );
}
