import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { AnswerStatus, InquiryAnswer, InquiryTitle } from '../../inquiries/InquiryParts';
import { myInquiriesQuery } from '../../shared/api/inquiries';
import { paths } from '../../shared/routing/paths';
import { formatDate } from '../../shared/text/format';
import { INQUIRY_PAGE_SIZE } from '../../shared/constants';
import { ErrorState } from '../../shared/ui/ErrorState';
import { Pagination } from '../../shared/ui/Pagination';
import { useMyPageMember } from '../myPageContext';
import { MyPageSection } from '../MyPageSection';

/**
 * /mypage/qa: the member's product inquiries, newest first, each with its answer once given; ten a
 * page read from the server, the page kept in the URL.
 */
export function MyInquiriesPage() {
  const member = useMyPageMember();
  const [search, setSearch] = useSearchParams();
  const asked = Number(search.get('page'));
  const page = Number.isInteger(asked) && asked >= 1 ? asked : 1;
  const inquiries = useQuery(myInquiriesQuery(member.mno, page, INQUIRY_PAGE_SIZE));

  return (
    <MyPageSection title="상품 문의">
      {inquiries.isPending ? (
        <p className="empty-state" role="status">
          상품 문의를 불러오는 중입니다…
        </p>
      ) : inquiries.isError ? (
        <ErrorState
          compact
          title="상품 문의를 불러오지 못했습니다"
          error={inquiries.error}
          onRetry={() => void inquiries.refetch()}
        />
      ) : inquiries.data.totalCount === 0 ? (
        <p className="empty-state" data-testid="my-inquiries-empty">
          작성한 상품 문의가 없습니다.
        </p>
      ) : (
        <ul className="qa-cards" aria-label="내 상품 문의" data-testid="my-inquiries">
          {inquiries.data.dtoList.map((inquiry) => (
            <li key={inquiry.qno} className="qa-card" data-testid="my-inquiry">
              <div className="qa-card__meta">
                <AnswerStatus answered={inquiry.replyCheck} />
                {inquiry.p_name === null ? (
                  <span className="qa-card__product">판매가 끝난 상품</span>
                ) : (
                  <Link to={paths.product(inquiry.pno)} className="qa-card__product">
                    {inquiry.p_name}
                  </Link>
                )}
                <span>{formatDate(inquiry.regDate)}</span>
              </div>
              <InquiryTitle inquiry={inquiry} />
              <p className="qa-card__content">{inquiry.content}</p>
              {inquiry.proQAReply && <InquiryAnswer reply={inquiry.proQAReply} />}
            </li>
          ))}
        </ul>
      )}
      {inquiries.data && (
        <Pagination
          page={inquiries.data}
          label="내 상품 문의 페이지"
          onSelect={(next) => setSearch({ page: String(next) })}
        />
      )}
    </MyPageSection>
  );
}
