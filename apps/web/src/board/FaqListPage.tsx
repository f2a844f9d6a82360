import { BOARD_PAGE_SIZE } from '@mkt/contracts';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { STORE_NAME } from '../shared/constants';
import { boardListQuery } from '../shared/api/customerCentre';
import { paths } from '../shared/routing/paths';
import { ErrorState } from '../shared/ui/ErrorState';
import { Pagination } from '../shared/ui/Pagination';
import { useDocumentTitle } from '../shared/ui/useDocumentTitle';
import { FAQS_TITLE, pageOfSearch } from './boardPage';

/** /board/faq: public FAQs, 10 to a page; a question opens its answer below it, one at a time. */
export function FaqListPage() {
  useDocumentTitle(FAQS_TITLE);
  const [search] = useSearchParams();
  const page = pageOfSearch(search);
  const faqs = useQuery(boardListQuery('faq', { page, size: BOARD_PAGE_SIZE }));
  const [openFno, setOpenFno] = useState<number | null>(null);

  return (
    <section aria-labelledby="faq-title">
      <h1 id="faq-title" className="board__title">
        자주 묻는 질문
      </h1>
      {faqs.isPending ? (
        <p className="board__state" role="status">
          자주 묻는 질문을 불러오는 중입니다.
        </p>
      ) : faqs.isError ? (
        <ErrorState
          title="자주 묻는 질문을 불러오지 못했습니다."
          error={faqs.error}
          onRetry={() => void faqs.refetch()}
        />
      ) : faqs.data.dtoList.length === 0 ? (
        <p className="board__state">등록된 질문이 없습니다.</p>
      ) : (
        <>
          <table className="board-table">
            <caption className="sr-only">자주 묻는 질문 목록</caption>
            <thead>
              <tr>
                <th scope="col" className="board-table__number">
                  번호
                </th>
                <th scope="col">질문</th>
                <th scope="col" className="board-table__author">
                  작성자
                </th>
              </tr>
            </thead>
            <tbody>
              {faqs.data.dtoList.map((faq) => {
                const open = openFno === faq.id;
                const answerId = `faq-answer-${faq.id}`;
                return (
                  <Fragment key={faq.id}>
                    <tr className="board-table__row">
                      <td className="board-table__number">{faq.id}</td>
                      <td className="board-table__title">
                        <button
                          type="button"
                          className="board-table__toggle"
                          aria-expanded={open}
                          aria-controls={answerId}
                          onClick={() => setOpenFno(open ? null : faq.id)}
                        >
                          {faq.title}
                        </button>
                      </td>
                      <td className="board-table__author">{STORE_NAME}</td>
                    </tr>
                    <tr id={answerId} className="board-table__answer" hidden={!open}>
                      <td colSpan={3}>{faq.body}</td>
                    </tr>
                  </Fragment>
                );
              })}
            </tbody>
          </table>
          <Pagination
            page={faqs.data}
            label="자주 묻는 질문 페이지"
            hrefFor={(n) => `${paths.faq}?page=${n}`}
          />
        </>
      )}
    </section>
  );
}
