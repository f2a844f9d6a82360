import {
  BOARD_PAGE_SIZE,
  BOARD_TEXT_MAX,
  FAQ_QUESTION_MAX,
  NOTICE_TITLE_MAX,
  withParticle,
} from '@mkt/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { pageOfSearch } from '../../board/boardPage';
import type { BoardKind, BoardPost, BoardPostForm } from '../../shared/api/customerCentre';
import {
  BOARD_MESSAGES,
  boardKeys,
  boardListQuery,
  boardPostQuery,
  createBoardPost,
  deleteBoardPost,
  updateBoardPost,
} from '../../shared/api/customerCentre';
import { HttpError } from '../../shared/api/http';
import { formatDate } from '../../shared/text/format';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { ErrorState, errorMessage } from '../../shared/ui/ErrorState';
import { Pagination } from '../../shared/ui/Pagination';
import {
  BOARD_CONSOLE_KINDS,
  boardConsoleState,
  boardConsoleViewOf,
  type BoardConsoleKind,
} from './boardConsole';
import './content.css';

const TITLE_MAX: Record<BoardKind, number> = { notice: NOTICE_TITLE_MAX, faq: FAQ_QUESTION_MAX };

/** The admin console's notice screen: list, detail, add and edit, chosen by navigation state. */
export function NoticeScreen() {
  return <BoardPostScreen kind={BOARD_CONSOLE_KINDS.notice} />;
}

/** The admin console's FAQ screen, as the notice screen. */
export function FaqScreen() {
  return <BoardPostScreen kind={BOARD_CONSOLE_KINDS.faq} />;
}

function BoardPostScreen({ kind }: { kind: BoardConsoleKind }) {
  const current = boardConsoleViewOf(kind, useLocation().state);
  switch (current.view) {
    case 'detail':
      return <PostDetail key={current.id} kind={kind} id={current.id} />;
    case 'add':
      return <PostForm key="add" kind={kind} />;
    case 'edit':
      return <PostForm key={`edit-${current.post.id}`} kind={kind} post={current.post} />;
    default:
      return <PostList kind={kind} />;
  }
}

/** Moves between the screen's sub-views; each mutation reloads the kind's lists. */
function useBoardConsole(kind: BoardConsoleKind) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return {
    toList: () => void navigate(kind.path),
    toDetail: (id: number) => void navigate(kind.path, { state: boardConsoleState.detail(kind, id) }),
    toAdd: () => void navigate(kind.path, { state: boardConsoleState.add(kind) }),
    toEdit: (post: BoardPost) => void navigate(kind.path, { state: boardConsoleState.edit(kind, post) }),
    // Inactive lists too, so the one the screen goes back to is current.
    reload: () => queryClient.invalidateQueries({ queryKey: boardKeys.kind(kind.kind), refetchType: 'all' }),
  };
}

/** Asks before deleting; on success alerts, reloads and goes back to the list. */
function useDeletePost(kind: BoardConsoleKind) {
  const moves = useBoardConsole(kind);
  const [asking, setAsking] = useState<BoardPost | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!asking) return;
    setBusy(true);
    try {
      await deleteBoardPost(kind.kind, asking.id);
      window.alert(BOARD_MESSAGES[kind.kind].deleted);
      await moves.reload();
      moves.toList();
    } catch (error) {
      window.alert(errorMessage(error));
    } finally {
      setBusy(false);
      setAsking(null);
    }
  };
  const dialog = asking ? (
    <ConfirmDialog
      title={`${kind.name} 삭제`}
      message={`${withParticle(`'${asking.title}'`, '을/를')} 삭제할까요? 삭제하면 되돌릴 수 없습니다.`}
      confirmLabel="삭제"
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={() => setAsking(null)}
    />
  ) : null;
  return { ask: setAsking, dialog };
}

function PrivateBadge() {
  return <span className="content-badge">비공개</span>;
}

function PostList({ kind }: { kind: BoardConsoleKind }) {
  const [search, setSearch] = useSearchParams();
  const page = pageOfSearch(search);
  const posts = useQuery(boardListQuery(kind.kind, { page, size: BOARD_PAGE_SIZE, includePrivate: true }));
  const moves = useBoardConsole(kind);

  return (
    <section className="content-screen" aria-label={`${kind.name} 목록`}>
      <div className="content-screen__toolbar">
        <button type="button" className="btn btn--primary" onClick={moves.toAdd}>
          {kind.name} 등록
        </button>
      </div>
      {posts.isPending ? (
        <p className="content-screen__state" role="status">
          {withParticle(kind.name, '을/를')} 불러오는 중입니다.
        </p>
      ) : posts.isError ? (
        <ErrorState
          title={`${withParticle(kind.name, '을/를')} 불러오지 못했습니다.`}
          error={posts.error}
          onRetry={() => void posts.refetch()}
        />
      ) : posts.data.dtoList.length === 0 ? (
        <p className="content-screen__state">등록된 {withParticle(kind.name, '이/가')} 없습니다.</p>
      ) : (
        <>
          <table className="content-table">
            <caption className="sr-only">{kind.name} 목록</caption>
            <thead>
              <tr>
                <th scope="col">번호</th>
                <th scope="col">{kind.titleLabel}</th>
                <th scope="col">등록일</th>
              </tr>
            </thead>
            <tbody>
              {posts.data.dtoList.map((post) => (
                <tr key={post.id}>
                  <td>{post.id}</td>
                  <td className="content-table__title">
                    <button
                      type="button"
                      className="content-table__open"
                      onClick={() => moves.toDetail(post.id)}
                    >
                      {post.title}
                    </button>
                    {post.isPrivate && <PrivateBadge />}
                  </td>
                  <td>{formatDate(post.regDate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination
            page={posts.data}
            label={`${kind.name} 페이지`}
            onSelect={(n) => setSearch({ page: String(n) })}
          />
        </>
      )}
    </section>
  );
}

function PostDetail({ kind, id }: { kind: BoardConsoleKind; id: number }) {
  const post = useQuery(boardPostQuery(kind.kind, id));
  const moves = useBoardConsole(kind);
  const deletion = useDeletePost(kind);
  const missing = post.error instanceof HttpError && post.error.status === 404;

  return (
    <section className="content-screen" aria-label={`${kind.name} 상세`}>
      {post.isPending ? (
        <p className="content-screen__state" role="status">
          {withParticle(kind.name, '을/를')} 불러오는 중입니다.
        </p>
      ) : missing ? (
        <p className="content-screen__state" role="alert">
          {BOARD_MESSAGES[kind.kind].notFound}
        </p>
      ) : post.isError ? (
        <ErrorState
          title={`${withParticle(kind.name, '을/를')} 불러오지 못했습니다.`}
          error={post.error}
          onRetry={() => void post.refetch()}
        />
      ) : (
        <article className="content-detail">
          <h2 className="content-detail__title">
            <span className="content-detail__label">{kind.titleLabel}</span>
            {post.data.title}
            {post.data.isPrivate && <PrivateBadge />}
          </h2>
          <p className="content-detail__date">{formatDate(post.data.regDate)}</p>
          <div className="content-detail__body">
            <span className="content-detail__label">{kind.bodyLabel}</span>
            {post.data.body}
          </div>
        </article>
      )}
      <div className="content-screen__actions">
        {post.data && (
          <>
            <button type="button" className="btn btn--primary" onClick={() => moves.toEdit(post.data)}>
              수정
            </button>
            <button type="button" className="btn" onClick={() => deletion.ask(post.data)}>
              삭제
            </button>
          </>
        )}
        <button type="button" className="btn" onClick={moves.toList}>
          목록
        </button>
      </div>
      {deletion.dialog}
    </section>
  );
}

/** The add form, or with `post` the edit form (which can also delete it). */
function PostForm({ kind, post }: { kind: BoardConsoleKind; post?: BoardPost }) {
  const messages = BOARD_MESSAGES[kind.kind];
  const moves = useBoardConsole(kind);
  const deletion = useDeletePost(kind);
  const [form, setForm] = useState<BoardPostForm>({
    title: post?.title ?? '',
    body: post?.body ?? '',
    isPrivate: post?.isPrivate ?? false,
  });
  const [saving, setSaving] = useState(false);
  const titleRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const titleId = useId();
  const bodyId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (!form.title.trim() || !form.body.trim()) {
      window.alert(messages.blank);
      (form.title.trim() ? bodyRef : titleRef).current?.focus();
      return;
    }
    setSaving(true);
    try {
      if (post) await updateBoardPost(kind.kind, post.id, form);
      else await createBoardPost(kind.kind, form);
      window.alert(post ? messages.updated : messages.created);
      await moves.reload();
      if (post) moves.toDetail(post.id);
      else moves.toList();
    } catch (error) {
      window.alert(`${post ? messages.updateFailed : messages.createFailed}\n${errorMessage(error)}`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="content-screen" aria-label={`${kind.name} ${post ? '수정' : '등록'}`}>
      <h2 className="content-screen__heading">
        {kind.name} {post ? '수정' : '등록'}
      </h2>
      <form className="content-form" onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor={titleId} className="content-form__label">
          {kind.titleLabel}
        </label>
        <input
          ref={titleRef}
          id={titleId}
          className="content-form__input"
          value={form.title}
          maxLength={TITLE_MAX[kind.kind]}
          onChange={(event) => setForm({ ...form, title: event.target.value })}
        />
        <label htmlFor={bodyId} className="content-form__label">
          {kind.bodyLabel}
        </label>
        <textarea
          ref={bodyRef}
          id={bodyId}
          className="content-form__textarea"
          rows={10}
          value={form.body}
          maxLength={BOARD_TEXT_MAX}
          onChange={(event) => setForm({ ...form, body: event.target.value })}
        />
        <label className="content-form__check">
          <input
            type="checkbox"
            checked={form.isPrivate}
            onChange={(event) => setForm({ ...form, isPrivate: event.target.checked })}
          />
          비공개 (관리자만 볼 수 있습니다)
        </label>
        <div className="content-screen__actions">
          <button type="submit" className="btn btn--primary" aria-busy={saving || undefined}>
            {post ? '수정' : '등록'}
          </button>
          {post && (
            <button type="button" className="btn" onClick={() => deletion.ask(post)}>
              삭제
            </button>
          )}
          <button type="button" className="btn" onClick={moves.toList}>
            목록
          </button>
        </div>
      </form>
      {deletion.dialog}
    </section>
  );
}
