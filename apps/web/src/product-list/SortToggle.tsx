import type { ProductSortKey, SortDirection } from '@mkt/contracts';

interface SortOption {
  label: string;
  sortBy: ProductSortKey;
  sort: SortDirection;
}

export const SORT_OPTIONS: readonly SortOption[] = [
  { label: '인기순', sortBy: 'p_salesVol', sort: 'desc' },
  { label: '신상품순', sortBy: 'pno', sort: 'desc' },
  { label: '할인율순', sortBy: 'p_salePer', sort: 'desc' },
  { label: '낮은 가격순', sortBy: 'p_price', sort: 'asc' },
  { label: '높은 가격순', sortBy: 'p_price', sort: 'desc' },
];

function isCurrent(option: SortOption, sortBy: ProductSortKey, sort: SortDirection): boolean {
  // Price has two buttons (one per direction); the other keys have one whatever the direction.
  return option.sortBy === sortBy && (sortBy !== 'p_price' || option.sort === sort);
}

interface SortToggleProps {
  sortBy: ProductSortKey;
  sort: SortDirection;
  onChange: (sortBy: ProductSortKey, sort: SortDirection) => void;
}

export function SortToggle({ sortBy, sort, onChange }: SortToggleProps) {
  return (
    <ul className="sort-toggle" aria-label="정렬" data-testid="sort-toggle">
      {SORT_OPTIONS.map((option) => {
        const current = isCurrent(option, sortBy, sort);
        return (
          <li key={option.label}>
            <button
              type="button"
              className={`sort-toggle__button${current ? ' is-current' : ''}`}
              aria-pressed={current}
              onClick={() => {
                if (!current) onChange(option.sortBy, option.sort);
              }}
            >
              {option.label}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
