import { MAX_PAGE_SIZE, PRODUCT_SORT_KEYS, type ProductSortKey, type SortDirection } from '@mkt/contracts';
import type { ProductListParams } from '../shared/api/products';
import { PRODUCT_LIST_SIZE } from '../shared/constants';

/**
 * Everything the product list shows is in its URL query, so reload and back/forward restore it:
 * `page`, `size`, `sortBy`, `sort`, `keyword`, `searching`, `menu`, `depth`, `ctno` and the chosen
 * category chain `c1`, `c2`, `c3`.
 */
export interface ListState {
  page: number;
  size: number;
  sortBy: ProductSortKey;
  sort: SortDirection;
  keyword: string;
  /** Set by the header search box. */
  searching: boolean;
  /** Set by the main menu (신상품, 베스트, 알뜰쇼핑): the banner names the menu. */
  menu: boolean;
  /** The chosen category and its depth (1 to 3), or undefined for every category. */
  ctno: number | undefined;
  depth: number | undefined;
  /**
   * The chosen categories from the top, as far as the URL names them. Home tiles send only `ctno`
   * and `depth`; the page then finds the chain from the category lists.
   */
  chain: number[];
}

export const DEFAULT_SORT_BY: ProductSortKey = 'p_salesVol';
export const DEFAULT_SORT: SortDirection = 'desc';
export const MAX_CATEGORY_DEPTH = 3;

function positiveInt(value: string | null, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (value === null || !/^\d{1,10}$/.test(value.trim())) return undefined;
  const n = Number(value);
  return n >= 1 && n <= max ? n : undefined;
}

function flag(value: string | null): boolean {
  return value === 'true' || value === '1';
}

function isSortKey(value: string | null): value is ProductSortKey {
  return (PRODUCT_SORT_KEYS as readonly string[]).includes(value ?? '');
}

/** Reads the list state from the URL query; anything missing or malformed takes its default. */
export function parseListState(params: URLSearchParams): ListState {
  const chain: number[] = [];
  for (let level = 1; level <= MAX_CATEGORY_DEPTH; level++) {
    const ctno = positiveInt(params.get(`c${level}`));
    if (ctno === undefined) break;
    chain.push(ctno);
  }
  const sortParam = params.get('sort');
  const sortBy = params.get('sortBy');
  const ctno = positiveInt(params.get('ctno')) ?? chain[chain.length - 1];
  const depth = positiveInt(params.get('depth'), MAX_CATEGORY_DEPTH) ?? (chain.length || undefined);
  return {
    page: positiveInt(params.get('page'), 100_000) ?? 1,
    size: positiveInt(params.get('size'), MAX_PAGE_SIZE) ?? PRODUCT_LIST_SIZE,
    sortBy: isSortKey(sortBy) ? sortBy : DEFAULT_SORT_BY,
    sort: sortParam === 'asc' || sortParam === 'desc' ? sortParam : DEFAULT_SORT,
    keyword: (params.get('keyword') ?? '').trim(),
    searching: flag(params.get('searching')),
    menu: flag(params.get('menu')),
    ctno,
    depth: ctno === undefined ? undefined : depth,
    // A chain that does not end at the chosen category is not trusted (the page derives it instead).
    chain: ctno !== undefined && chain[chain.length - 1] === ctno ? chain : [],
  };
}

/** What the list asks `GET /api/product/list` for: also its query key. */
export function productListParams(state: ListState): ProductListParams {
  return {
    page: state.page,
    size: state.size,
    sortBy: state.sortBy,
    sort: state.sort,
    ctno: state.ctno,
    keyword: state.keyword || undefined,
  };
}

/** Writes the state back as a query string, leaving out defaults that need not be spelled out. */
export function listSearch(state: ListState): string {
  const params = new URLSearchParams();
  if (state.menu) params.set('menu', 'true');
  if (state.keyword) params.set('keyword', state.keyword);
  if (state.keyword && state.searching) params.set('searching', 'true');
  params.set('page', String(state.page));
  if (state.size !== PRODUCT_LIST_SIZE) params.set('size', String(state.size));
  params.set('sortBy', state.sortBy);
  params.set('sort', state.sort);
  if (state.ctno !== undefined) {
    if (state.depth !== undefined) params.set('depth', String(state.depth));
    params.set('ctno', String(state.ctno));
    state.chain.forEach((ctno, i) => params.set(`c${i + 1}`, String(ctno)));
  }
  return `?${params.toString()}`;
}

/** A new page of the same list. */
export function withPage(state: ListState, page: number): ListState {
  return { ...state, page };
}

/** Another sort starts at page 1; leaving the menu's own order also leaves its banner. */
export function withSort(state: ListState, sortBy: ProductSortKey, sort: SortDirection): ListState {
  return { ...state, sortBy, sort, page: 1, menu: false };
}

/**
 * The pickers chose `chain` (top first; empty for every category): the lower levels and the page
 * reset, and the deepest chosen category filters the list.
 */
export function withCategoryChain(state: ListState, chain: number[]): ListState {
  const ctno = chain[chain.length - 1];
  return {
    ...state,
    page: 1,
    chain,
    ctno,
    depth: ctno === undefined ? undefined : chain.length,
  };
}
