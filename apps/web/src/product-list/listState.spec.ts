import type { CategoryDto } from '@mkt/contracts';
import { chainFrom, depthsToLoad } from './categoryChain';
import { listSearch, parseListState, withCategoryChain, withPage, withSort } from './listState';

const parse = (query: string) => parseListState(new URLSearchParams(query));

describe('the product list state in the URL', () => {
  it('defaults to page 1 of 40, most sold first, every category', () => {
    expect(parse('')).toEqual({
      page: 1,
      size: 40,
      sortBy: 'p_salesVol',
      sort: 'desc',
      keyword: '',
      searching: false,
      menu: false,
      ctno: undefined,
      depth: undefined,
      chain: [],
    });
  });

  it('reads the header menu link with its category chain', () => {
    expect(parse('depth=3&ctno=4&c1=2&c2=3&c3=4')).toMatchObject({ ctno: 4, depth: 3, chain: [2, 3, 4] });
  });

  it('reads a home tile link (no chain) and leaves the chain to be worked out', () => {
    expect(parse('page=1&depth=3&ctno=4')).toMatchObject({ page: 1, ctno: 4, depth: 3, chain: [] });
  });

  it('ignores malformed values', () => {
    expect(parse('page=-2&size=1000&sortBy=name&sort=up&ctno=x&depth=9')).toMatchObject({
      page: 1,
      size: 40,
      sortBy: 'p_salesVol',
      sort: 'desc',
      ctno: undefined,
      depth: undefined,
    });
  });

  it('writes back what it read', () => {
    const state = parse(
      'keyword=김치&searching=true&page=3&sortBy=p_price&sort=asc&depth=2&ctno=3&c1=2&c2=3',
    );
    expect(parse(listSearch(state))).toEqual(state);
  });

  it('starts a new sort or category at page 1; a new sort leaves the menu banner', () => {
    const state = { ...parse('menu=true&sortBy=pno&page=4&depth=3&ctno=4&c1=2&c2=3&c3=4') };
    expect(withSort(state, 'p_price', 'asc')).toMatchObject({
      page: 1,
      sortBy: 'p_price',
      sort: 'asc',
      menu: false,
    });
    expect(withCategoryChain(state, [2])).toMatchObject({ page: 1, ctno: 2, depth: 1, chain: [2] });
    expect(withCategoryChain(state, [])).toMatchObject({
      page: 1,
      ctno: undefined,
      depth: undefined,
      chain: [],
    });
    expect(withPage(state, 5)).toMatchObject({ page: 5, sortBy: 'pno', ctno: 4 });
  });
});

describe('the category chain of a home tile', () => {
  const categories: CategoryDto[] = [
    { ctno: 2, cateName: '채소', depth: 1, superCate: 1 },
    { ctno: 3, cateName: '기본채소', depth: 2, superCate: 2 },
    { ctno: 4, cateName: '양파·마늘', depth: 3, superCate: 3 },
  ];

  it('loads the lists of its depth up to depth 2', () => {
    expect(depthsToLoad(parse('depth=3&ctno=4'))).toEqual([3, 2]);
    expect(depthsToLoad(parse('depth=1&ctno=2'))).toEqual([]);
    expect(depthsToLoad(parse('ctno=4'))).toEqual([1, 2, 3]);
    expect(depthsToLoad(parse('depth=3&ctno=4&c1=2&c2=3&c3=4'))).toEqual([]);
  });

  it('walks up through the parents to the top category', () => {
    expect(chainFrom(4, categories)).toEqual([2, 3, 4]);
    expect(chainFrom(4, categories.slice(1))).toEqual([2, 3, 4]);
    expect(chainFrom(2, [])).toEqual([2]);
  });
});
