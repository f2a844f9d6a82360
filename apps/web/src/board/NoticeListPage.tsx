import { BOARD_PAGE_SIZE } from '@mkt/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { STORE_NAME } from '../shared/constants';
import { boardListQuery } from '../shared/api/customerCentre';
import { paths } from '../shared/routing/paths';
import { formatDate } from '../shared/text/format';
import { ErrorState } from '../shared/ui/ErrorState';
import { Pagination } from '../shared/ui/Pagination';
import { useDocumentTitle } from '../shared/ui/useDocumentTitle';
import { NOTICES_TITLE, pageOfSearch } from './boardPage';

/** /board/notice: public notices, newest first, 10 to a page; a row opens the notice. */
export function NoticeListPage() {
  useDocumentTitle(NOTICES_TITLE);
  const [search] = useSearchParams();
  const page = pageOfSearch(search);
  const notices = useQuery(boardListQuery('notice', { page, size: BOARD_PAGE_SIZE }));
  const navigate = useNavigate();

  return (
    <section aria-labelledby="notice-title">
      <h1 id="notice-title" className="board__title">
        공지사항
      </h1>
      {notices.isPending ? (
        <p className="board__state" role="status">
          공지사항을 불러오는 중입니다.
        </p>
      ) : notices.isError ? (
        <ErrorState
          title="공지사항을 불러오지 못했습니다."
          error={notices.error}
          onRetry={() => void notices.refetch()}
        />
      ) : notices.data.dtoList.length === 0 ? (
        <p className="board__state">등록된 공지사항이 없습니다.</p>
      ) : (
        <>
          <table className="board-table">
            <caption className="sr-only">공지사항 목록</caption>
            <thead>
              <tr>
                <th scope="col" className="board-table__number">
                  번호
                </th>
                <th scope="col">제목</th>
                <th scope="col" className="board-table__author">
                  작성자
                </th>
                <th scope="col" className="board-table__date">
                  등록일
                </th>
              </tr>
            </thead>
            <tbody>
              {notices.data.dtoList.map((notice) => {
                const to = paths.noticeDetail(notice.id);
                return (
                  <tr
                    key={notice.id}
                    className="board-table__row"
                    onClick={() => void navigate(to, { state: { notice } })}
                  >
                    <td className="board-table__number">{notice.id}</td>
                    <td className="board-table__title">
                      <Link to={to} state={{ notice }} onClick={(event) => event.stopPropagation()}>
                        {notice.title}
                      </Link>
                    </td>
                    <td className="board-table__author">{STORE_NAME}</td>
                    <td className="board-table__date">{formatDate(notice.regDate)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <Pagination
            page={notices.data}
            label="공지사항 페이지"
            hrefFor={(n) => `${paths.notice}?page=${n}`}
          />
        </>
      )}
    </section>
  );
}
