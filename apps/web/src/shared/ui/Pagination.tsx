import type { PageResult } from '@mkt/contracts';
import { Link } from 'react-router-dom';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';
import './feedback.css';

type PageInfo = Pick<
  PageResult<unknown>,
  'pageNumList' | 'prev' | 'next' | 'prevPage' | 'nextPage' | 'current'
>;

interface PaginationProps {
  page: PageInfo;
  /** Names the navigation landmark, e.g. '상품 목록 페이지'. */
  label: string;
  /** Pages as links (state kept in the URL) ... */
  hrefFor?: (page: number) => string;
  /** ... or as buttons (state kept in the component). */
  onSelect?: (page: number) => void;
  testId?: string;
}

interface PageItem {
  page: number;
  text: string;
  ariaLabel: string;
  kind: 'prev' | 'number' | 'next';
}

/** Page buttons of a PageResult: the previous block, this block's numbers (current highlighted), the next block. */
export function Pagination({ page, label, hrefFor, onSelect, testId }: PaginationProps) {
  const items: PageItem[] = [];
  if (page.prev) items.push({ page: page.prevPage, text: '이전', ariaLabel: '이전 페이지', kind: 'prev' });
  for (const n of page.pageNumList)
    items.push({ page: n, text: String(n), ariaLabel: `${n} 페이지`, kind: 'number' });
  if (page.next) items.push({ page: page.nextPage, text: '다음', ariaLabel: '다음 페이지', kind: 'next' });
  if (items.length <= 1) return null;

  return (
    <nav className="pagination" aria-label={label} data-testid={testId}>
      <ul className="pagination__list">
        {items.map((item) => {
          const current = item.kind === 'number' && item.page === page.current;
          const className = `pagination__item pagination__item--${item.kind}${current ? ' is-current' : ''}`;
          const content =
            item.kind === 'prev' ? (
              <ChevronLeftIcon size={16} />
            ) : item.kind === 'next' ? (
              <ChevronRightIcon size={16} />
            ) : (
              item.text
            );
          return (
            <li key={`${item.kind}-${item.page}`}>
              {hrefFor ? (
                <Link
                  to={hrefFor(item.page)}
                  className={className}
                  aria-label={item.ariaLabel}
                  aria-current={current ? 'page' : undefined}
                >
                  {content}
                </Link>
              ) : (
                <button
                  type="button"
                  className={className}
                  aria-label={item.ariaLabel}
                  aria-current={current ? 'page' : undefined}
                  onClick={() => {
                    if (!current) onSelect?.(item.page);
                  }}
                >
                  {content}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
