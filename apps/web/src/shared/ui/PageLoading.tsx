import './pages.css';

/** Where a page whose code is still on its way will be: a spinner, announced to screen readers. */
export function PageLoading() {
  return (
    <div className="page-loading" role="status" data-testid="page-loading">
      <span className="page-loading__spinner" aria-hidden="true" />
      <span className="page-loading__text">페이지를 불러오는 중입니다…</span>
    </div>
  );
}
