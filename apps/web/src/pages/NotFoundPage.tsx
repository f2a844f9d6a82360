import { Link } from 'react-router-dom';
import { paths } from '../shared/routing/paths';
import { useDocumentTitle } from '../shared/ui/useDocumentTitle';
import '../shared/ui/pages.css';

export function NotFoundPage() {
  useDocumentTitle('페이지를 찾을 수 없습니다');
  return (
    <section className="page-placeholder container">
      <p className="page-placeholder__code" aria-hidden="true">
        404
      </p>
      <h1 className="page-placeholder__title">페이지를 찾을 수 없습니다</h1>
      <p className="page-placeholder__text">주소가 잘못되었거나, 페이지가 삭제 또는 이동되었습니다.</p>
      <div className="page-placeholder__actions">
        <Link to={paths.home} className="btn btn--primary">
          홈으로 가기
        </Link>
      </div>
    </section>
  );
}
