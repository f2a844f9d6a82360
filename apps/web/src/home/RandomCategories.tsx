import type { CategoryWithAncestorsDto } from '@mkt/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { HOME_CATEGORY_COUNT } from '../shared/constants';
import { categoryTileUrl } from '../shared/routing/paths';
import { homeCategoriesQuery } from './homeQueries';

const TILE_COLORS = ['#f3edfd', '#fff1e6', '#e8f6ee', '#e9f2fd', '#fdeef3', '#fff8dc', '#eef1f5', '#e6f7f6'];
const TILE_INK = ['#5b21b6', '#c2410c', '#15803d', '#1d4ed8', '#be185d', '#a16207', '#475569', '#0f766e'];

function tileTone(category: CategoryWithAncestorsDto): { background: string; color: string } {
  const i = category.ctno % TILE_COLORS.length;
  return { background: TILE_COLORS[i] ?? TILE_COLORS[0], color: TILE_INK[i] ?? TILE_INK[0] };
}

/** Category tiles: 12 random depth-3 categories from /api/categories/random?count=12&depth=3. */
export function RandomCategories() {
  const { data, isPending, isError } = useQuery(homeCategoriesQuery());
  const tiles = (data ?? []).slice(0, HOME_CATEGORY_COUNT);

  return (
    <section className="category-tiles container" aria-labelledby="category-tiles-title">
      <h2 id="category-tiles-title" className="category-tiles__title">
        이런 카테고리는 어떠세요?
      </h2>
      {isPending ? (
        <ul className="category-tiles__grid" aria-hidden="true">
          {Array.from({ length: HOME_CATEGORY_COUNT }, (_, i) => (
            <li key={i} className="category-tile">
              <span className="category-tile__icon skeleton" />
              <span className="category-tile__name skeleton category-tiles__bar" />
            </li>
          ))}
        </ul>
      ) : isError ? (
        <p className="category-tiles__status category-tiles__status--error" role="alert">
          카테고리를 불러오지 못했습니다
        </p>
      ) : tiles.length === 0 ? (
        <p className="category-tiles__status">표시할 카테고리가 없습니다</p>
      ) : (
        <ul className="category-tiles__grid">
          {tiles.map((category) => (
            <li key={category.ctno}>
              <Link to={categoryTileUrl(category)} className="category-tile" data-testid="category-tile">
                <span className="category-tile__icon" style={tileTone(category)} aria-hidden="true">
                  {Array.from(category.cateName)[0]}
                </span>
                <span className="category-tile__name">{category.cateName}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
