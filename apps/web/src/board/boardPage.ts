/** The 1-based page of a board list's `?page=`, 1 when absent or not a page number. */
export function pageOfSearch(search: URLSearchParams): number {
  const page = Number(search.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export const NOTICES_TITLE = '공지사항';
export const FAQS_TITLE = '자주 묻는 질문';
export const NOTICE_NOT_FOUND = '공지사항을 찾을 수 없습니다.';

/** A notice page's title (before the store's name): the notice's, once it is known. */
export function noticePageTitle(noticeTitle?: string): string {
  return noticeTitle ? `${noticeTitle} | ${NOTICES_TITLE}` : NOTICES_TITLE;
}
