import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { NotFoundPage } from './NotFoundPage';
import '../shared/ui/pages.css';

/** Shown when rendering a route throws. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return (
    <section className="page-placeholder container" role="alert">
      <h1 className="page-placeholder__title">문제가 발생했습니다</h1>
      <p className="page-placeholder__text">
        일시적인 오류로 페이지를 표시할 수 없습니다. 잠시 후 다시 시도해 주세요.
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
