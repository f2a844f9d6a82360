import { DASHBOARD_BOARD_SIZE, withParticle } from '@mkt/contracts';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { boardListQuery } from '../../shared/api/customerCentre';
import { formatDate } from '../../shared/text/format';
import { ErrorState } from '../../shared/ui/ErrorState';
import { BOARD_CONSOLE_KINDS, boardConsoleState, type BoardConsoleKind } from './boardConsole';
import './content.css';

/** The dashboard's 5 newest notices and 5 newest FAQs, each opening its detail. */
export function DashboardPosts() {
  return (
    <div className="dashboard__posts">
      <NewestPosts kind={BOARD_CONSOLE_KINDS.notice} />
      <NewestPosts kind={BOARD_CONSOLE_KINDS.faq} />
    </div>
  );
}

function NewestPosts({ kind }: { kind: BoardConsoleKind }) {
  const posts = useQuery(
    boardListQuery(kind.kind, { page: 1, size: DASHBOARD_BOARD_SIZE, includePrivate: true }),
  );
  const navigate = useNavigate();
  const headingId = `dashboard-${kind.kind}`;
  return (
    <section className="dashboard-posts" aria-labelledby={headingId} data-testid={`dashboard-${kind.kind}`}>
      <div className="dashboard__head">
        <h2 id={headingId} className="dashboard__heading">
          최근 {kind.name}
        </h2>
      </div>
      {posts.isPending ? (
        <p className="dashboard__loading" role="status">
          {withParticle(kind.name, '을/를')} 불러오는 중입니다.
        </p>
      ) : posts.isError ? (
        <ErrorState
          title={`${withParticle(kind.name, '을/를')} 불러오지 못했습니다.`}
          error={posts.error}
          onRetry={() => void posts.refetch()}
          compact
        />
      ) : posts.data.dtoList.length === 0 ? (
        <p className="dashboard__loading">등록된 {withParticle(kind.name, '이/가')} 없습니다.</p>
      ) : (
        <ul className="dashboard-posts__list">
          {posts.data.dtoList.map((post) => (
            <li key={post.id} className="dashboard-posts__item">
              <button
                type="button"
                className="content-table__open"
                onClick={() => void navigate(kind.path, { state: boardConsoleState.detail(kind, post.id) })}
              >
                {post.title}
                {post.isPrivate && <span className="content-badge">비공개</span>}
              </button>
              <span className="dashboard-posts__date">{formatDate(post.regDate)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
