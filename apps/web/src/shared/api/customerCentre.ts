import type { FaqDto, NoticeDto, PageResult } from '@mkt/contracts';
import { FaqMessages, NoticeMessages } from '@mkt/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { encodeBase64Id } from './base64Id';
import { http } from './http';

/**
 * Notices and FAQs (CLIENT-CONTRACT "Notices and FAQs"). Both are read and written the same way,
 * so the screens work on one shape, a {@link BoardPost}, and one descriptor per kind.
 */

export type BoardKind = 'notice' | 'faq';

/** A notice (title, content) or a FAQ (question, answer). */
export interface BoardPost {
  id: number;
  title: string;
  body: string;
  isPrivate: boolean;
  regDate: string;
}

export interface BoardPostForm {
  title: string;
  body: string;
  isPrivate: boolean;
}

export interface BoardListParams {
  page: number;
  size: number;
  /** Private posts too: admins only (the console's lists and dashboard). */
  includePrivate?: boolean;
}

interface KindDescriptor {
  /** The call path: /api/notice or /api/faq. */
  path: string;
  fromDto(dto: never): BoardPost;
  toBody(form: BoardPostForm): Record<string, unknown>;
}

const KINDS: Record<BoardKind, KindDescriptor> = {
  notice: {
    path: '/api/notice',
    fromDto: (dto: NoticeDto) => ({
      id: dto.nno,
      title: dto.title,
      body: dto.content,
      isPrivate: dto.isPrivate,
      regDate: dto.regDate,
    }),
    toBody: (form) => ({ title: form.title, content: form.body, isPrivate: form.isPrivate }),
  },
  faq: {
    path: '/api/faq',
    fromDto: (dto: FaqDto) => ({
      id: dto.fno,
      title: dto.question,
      body: dto.answer,
      isPrivate: dto.isPrivate,
      regDate: dto.regDate,
    }),
    toBody: (form) => ({ question: form.title, answer: form.body, isPrivate: form.isPrivate }),
  },
};

/** The alerts of each kind (spec §5 and §8). */
export const BOARD_MESSAGES: Record<BoardKind, typeof NoticeMessages | typeof FaqMessages> = {
  notice: NoticeMessages,
  faq: FaqMessages,
};

export const boardKeys = {
  all: ['board-posts'] as const,
  kind: (kind: BoardKind) => ['board-posts', kind] as const,
  list: (kind: BoardKind, params: BoardListParams) => ['board-posts', kind, 'list', params] as const,
  one: (kind: BoardKind, id: number) => ['board-posts', kind, 'one', id] as const,
};

/** A notice's or a FAQ's answer as the screens read it (also the server renderer's, from its host's data). */
export function boardPostOf<K extends BoardKind>(
  kind: K,
  dto: K extends 'notice' ? NoticeDto : FaqDto,
): BoardPost {
  return KINDS[kind].fromDto(dto as never);
}

/** GET /api/{kind}/list?page&size (and includePrivate for the console). */
export async function fetchBoardPosts(
  kind: BoardKind,
  params: BoardListParams,
): Promise<PageResult<BoardPost>> {
  const { path, fromDto } = KINDS[kind];
  const page = await http.get<PageResult<never>>(`${path}/list`, {
    query: { page: params.page, size: params.size, includePrivate: params.includePrivate || undefined },
  });
  return { ...page, dtoList: page.dtoList.map(fromDto) };
}

export function boardListQuery(kind: BoardKind, params: BoardListParams) {
  return queryOptions({
    queryKey: boardKeys.list(kind, params),
    queryFn: () => fetchBoardPosts(kind, params),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/{kind}/{b64 id}. */
export function boardPostQuery(kind: BoardKind, id: number) {
  return queryOptions({
    queryKey: boardKeys.one(kind, id),
    queryFn: async () =>
      KINDS[kind].fromDto(await http.get<never>(`${KINDS[kind].path}/${encodeBase64Id(id)}`)),
  });
}

/** POST /api/{kind}/ (trailing slash, as the spec's client): the writer is the signed-in admin. */
export function createBoardPost(kind: BoardKind, form: BoardPostForm): Promise<unknown> {
  return http.post(`${KINDS[kind].path}/`, KINDS[kind].toBody(form));
}

export function updateBoardPost(kind: BoardKind, id: number, form: BoardPostForm): Promise<unknown> {
  return http.put(`${KINDS[kind].path}/${encodeBase64Id(id)}`, KINDS[kind].toBody(form));
}

export function deleteBoardPost(kind: BoardKind, id: number): Promise<unknown> {
  return http.delete(`${KINDS[kind].path}/${encodeBase64Id(id)}`);
}
