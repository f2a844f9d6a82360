import { ROOT_CATEGORY, type ProductSortKey, type SortDirection } from '@mkt/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { randomCategoriesQuery, subCategoriesQuery } from '../shared/api/categories';
import { productListQuery, type ProductListParams } from '../shared/api/products';
import { HOME_CATEGORY_COUNT, HOME_CATEGORY_DEPTH, HOME_ROW_PAGE, HOME_ROW_SIZE } from '../shared/constants';

export interface HomeRow {
  id: string;
  title: string;
  description: string;
  sortBy: ProductSortKey;
  sort: SortDirection;
  showStock?: boolean;
}

/** The home's product rows, in page order. */
export const HOME_ROWS: readonly HomeRow[] = [
  {
    id: 'best',
    title: '베스트 상품',
    description: '가장 많이 팔린 인기 상품만 모았어요',
    sortBy: 'p_salesVol',
    sort: 'desc',
  },
  {
    id: 'new',
    title: '신상품',
    description: '새로 들어온 상품을 가장 먼저 만나보세요',
    sortBy: 'pno',
    sort: 'desc',
  },
  {
    id: 'soon-sold-out',
    title: '품절임박',
    description: '곧 품절되는 상품, 서둘러 담아보세요',
    sortBy: 'p_stock',
    sort: 'asc',
    showStock: true,
  },
];

/** The list page a row shows (the server renderer reads it from its host's data). */
export function homeRowParams({ sortBy, sort }: Pick<HomeRow, 'sortBy' | 'sort'>): ProductListParams {
  return { page: HOME_ROW_PAGE, size: HOME_ROW_SIZE, sortBy, sort };
}

export function homeRowQuery(row: Pick<HomeRow, 'sortBy' | 'sort'>) {
  return productListQuery(homeRowParams(row));
}

export function homeCategoriesQuery() {
  return randomCategoriesQuery(HOME_CATEGORY_COUNT, HOME_CATEGORY_DEPTH);
}

/**
 * Starts every read the home shows (its rows, its category tiles and the header's top categories)
 * before the first render: the answers travel while the page renders, and starting them is no
 * longer part of the effects that run after the first paint.
 */
export function prefetchHome(queryClient: QueryClient): void {
  for (const row of HOME_ROWS) void queryClient.prefetchQuery(homeRowQuery(row));
  void queryClient.prefetchQuery(homeCategoriesQuery());
  void queryClient.prefetchQuery(subCategoriesQuery(ROOT_CATEGORY));
}
