import type { BoardKind, BoardPost } from '../../shared/api/customerCentre';

/** How the admin console names and routes each kind of post (spec 001 §2). */
export interface BoardConsoleKind {
  kind: BoardKind;
  /** The console path of its screen. */
  path: string;
  name: string;
  titleLabel: string;
  bodyLabel: string;
  /** The navigation-state keys choosing the sub-view: id → detail, add → add form, modify → edit form. */
  stateKeys: { id: 'nno' | 'fno'; add: 'addNotice' | 'addFaq'; modify: 'modifyNotice' | 'modifyFaq' };
}

export const BOARD_CONSOLE_KINDS: Record<BoardKind, BoardConsoleKind> = {
  notice: {
    kind: 'notice',
    path: '/admin/notice',
    name: '공지사항',
    titleLabel: '제목',
    bodyLabel: '내용',
    stateKeys: { id: 'nno', add: 'addNotice', modify: 'modifyNotice' },
  },
  faq: {
    kind: 'faq',
    path: '/admin/faq',
    name: 'FAQ',
    titleLabel: '질문',
    bodyLabel: '답변',
    stateKeys: { id: 'fno', add: 'addFaq', modify: 'modifyFaq' },
  },
};

export type BoardConsoleView =
  { view: 'list' } | { view: 'detail'; id: number } | { view: 'add' } | { view: 'edit'; post: BoardPost };

function isPost(value: unknown): value is BoardPost {
  if (typeof value !== 'object' || value === null) return false;
  const post = value as Partial<BoardPost>;
  return typeof post.id === 'number' && typeof post.title === 'string' && typeof post.body === 'string';
}

/** The sub-view the router's navigation state asks for; the list when it asks for none (or is malformed). */
export function boardConsoleViewOf(kind: BoardConsoleKind, state: unknown): BoardConsoleView {
  if (typeof state !== 'object' || state === null) return { view: 'list' };
  const record = state as Record<string, unknown>;
  const id = record[kind.stateKeys.id];
  if (typeof id === 'number' && Number.isInteger(id) && id > 0) return { view: 'detail', id };
  if (record[kind.stateKeys.add]) return { view: 'add' };
  const post = record[kind.stateKeys.modify];
  if (isPost(post)) return { view: 'edit', post };
  return { view: 'list' };
}

/** The navigation state that opens a post's detail, its add form or its edit form. */
export const boardConsoleState = {
  detail: (kind: BoardConsoleKind, id: number) => ({ [kind.stateKeys.id]: id }),
  add: (kind: BoardConsoleKind) => ({ [kind.stateKeys.add]: true }),
  edit: (kind: BoardConsoleKind, post: BoardPost) => ({ [kind.stateKeys.modify]: post }),
};
