import type { ProductSortKey } from '@mkt/contracts';
import { isChoseongKeyword } from '../shared/text/korean';
import type { ListState } from './listState';

/** The main menu's list titles (신상품, 베스트, 알뜰쇼핑 ...) by their sort key. */
const MENU_TITLES: Partial<Record<ProductSortKey, string>> = {
  pno: '신상품',
  p_salesVol: '베스트',
  p_salePer: '알뜰쇼핑',
  p_stock: '품절임박',
};

export const ALL_PRODUCTS_TITLE = '전체 상품';

/** The banner's title: the search, else the chosen category, else the menu the list came from. */
export function listTitle(state: ListState, categoryNames: readonly string[]): string {
  if (state.keyword) return `"${state.keyword}" 검색 결과`;
  const category = categoryNames[categoryNames.length - 1];
  if (state.ctno !== undefined) return category ?? '카테고리';
  if (state.menu) return MENU_TITLES[state.sortBy] ?? ALL_PRODUCTS_TITLE;
  return ALL_PRODUCTS_TITLE;
}

interface ListBannerProps {
  state: ListState;
  title: string;
  categoryNames: readonly string[];
}

export function ListBanner({ state, title, categoryNames }: ListBannerProps) {
  const choseong = isChoseongKeyword(state.keyword);
  return (
    <header className="list-banner" data-testid="list-banner">
      {categoryNames.length > 0 && (
        <ol className="list-banner__crumbs" aria-label="선택한 카테고리">
          {categoryNames.map((name, i) => (
            <li key={`${i}-${name}`} className="list-banner__crumb">
              {name}
            </li>
          ))}
        </ol>
      )}
      <h1 className="list-banner__title">{title}</h1>
      {choseong && (
        <p className="list-banner__hint" data-testid="choseong-hint">
          초성 검색 결과
        </p>
      )}
    </header>
  );
}
