import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router-dom';
import { STORE_NAME } from '../shared/constants';
import type { BoardPost } from '../shared/api/customerCentre';
import { boardPostQuery } from '../shared/api/customerCentre';
import { isNotFoundError } from '../shared/api/http';
import { paths } from '../shared/routing/paths';
import { formatDate } from '../shared/text/format';
import { ErrorState } from '../shared/ui/ErrorState';
import { useDocumentTitle } from '../shared/ui/useDocumentTitle';
import { NOTICE_NOT_FOUND, noticePageTitle } from './boardPage';

/** /board/notice/detail/{nno}: one notice (the list passes its row, shown until the server answers), and back to the list. */
export function NoticeDetailPage() {
  const nno = Number(useParams().nno);
  const valid = Number.isInteger(nno) && nno > 0;
  const passed = (useLocation().state as { notice?: BoardPost } | null)?.notice;
  const notice = useQuery({
    ...boardPostQuery('notice', nno),
    enabled: valid,
    placeholderData: passed?.id === nno ? passed : undefined,
    // A not-found the server rendered hydrates as it is, not asked again.
    retryOnMount: false,
  });
  useDocumentTitle(noticePageTitle(notice.data?.title));

  const missing = !valid || isNotFoundError(notice.error);
  return (
    <section aria-labelledby="notice-detail-title">
      <h1 id="notice-detail-title" className="board__title">
        공지사항
      </h1>
      {missing ? (
        <p className="board__state" role="alert">
          {NOTICE_NOT_FOUND}
        </p>
      ) : notice.data ? (
        <article className="board-article">
          <h2 className="board-article__title">{notice.data.title}</h2>
          <p className="board-article__meta">
            <span>{STORE_NAME}</span>
            <span>{formatDate(notice.data.regDate)}</span>
          </p>
          <div className="board-article__body">{notice.data.body}</div>
        </article>
      ) : notice.isError ? (
        <ErrorState
          title="공지사항을 불러오지 못했습니다."
          error={notice.error}
          onRetry={() => void notice.refetch()}
        />
      ) : (
        <p className="board__state" role="status">
          공지사항을 불러오는 중입니다.
        </p>
      )}
      <div className="board__actions">
        <Link to={paths.notice} className="btn">
          목록으로
        </Link>
      </div>
    </section>
  );
}
