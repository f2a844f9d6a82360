/** The 1-based page of a board list's `?page=`, 1 when absent or not a page number. */
export function pageOfSearch(search: URLSearchParams): number {
  const page = Number(search.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
