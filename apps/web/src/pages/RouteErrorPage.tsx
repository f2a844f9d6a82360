import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { PageLoadError } from '../shared/routing/onDemand';
import { NotFoundPage } from './NotFoundPage';
import '../shared/ui/pages.css';

/** Shown when rendering a route throws, or its code cannot be fetched. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  const notLoaded = error instanceof PageLoadError;
  return (
    <section className="page-placeholder container" role="alert" data-testid="route-error">
      <h1 className="page-placeholder__title">
        {notLoaded ? '페이지를 불러오지 못했습니다' : '문제가 발생했습니다'}
      </h1>
      <p className="page-placeholder__text">
        {notLoaded
          ? '사이트가 업데이트되었거나 연결이 잠시 끊겼습니다. 새로고침하면 최신 화면을 불러옵니다.'
          : '일시적인 오류로 페이지를 표시할 수 없습니다. 잠시 후 다시 시도해 주세요.'}
      </p>
      <div className="page-placeholder__actions">
        <button type="button" className="btn" onClick={() => window.location.reload()}>
          새로고침
        </button>
        <a href="/" className="btn btn--primary">
          홈으로 가기
        </a>
      </div>
    </section>
  );
}
