import { toPageResult } from './paging';

describe('the page result', () => {
  it('lists the current block of ten page numbers and links to the neighbouring blocks', () => {
    const page = toPageResult(['a'], 1_024, { page: 12, size: 40 });
    expect(page.totalPage).toBe(26);
    expect(page.pageNumList).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(page).toMatchObject({
      prev: true,
      prevPage: 10,
      next: true,
      nextPage: 21,
      current: 12,
      totalCount: 1_024,
    });
    expect(page.pageRequestDTO).toEqual({ page: 12, size: 40 });
  });

  it('ends the last block at the last page', () => {
    const page = toPageResult([], 1_024, { page: 21, size: 40 });
    expect(page.pageNumList).toEqual([21, 22, 23, 24, 25, 26]);
    expect(page).toMatchObject({ prev: true, prevPage: 20, next: false, nextPage: 0 });
  });

  it.each([1, 3, 12])('lists no pages when there is nothing to show (page %i asked)', (asked) => {
    const page = toPageResult([], 0, { page: asked, size: 10 });
    expect(page).toMatchObject({
      totalPage: 0,
      pageNumList: [],
      prev: false,
      prevPage: 0,
      next: false,
      nextPage: 0,
      dtoList: [],
    });
  });

  it('leads back to the last page from a page past the end', () => {
    const page = toPageResult([], 1_024, { page: 50, size: 40 });
    expect(page).toMatchObject({ pageNumList: [], prev: true, prevPage: 26, next: false });
  });

  it('lists a single page for fewer items than a page holds', () => {
    const page = toPageResult(['a', 'b'], 2, { page: 1, size: 10 });
    expect(page).toMatchObject({ totalPage: 1, pageNumList: [1], prev: false, next: false });
  });
});
