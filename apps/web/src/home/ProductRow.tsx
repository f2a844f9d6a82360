import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ProductCard, ProductCardSkeleton } from '../product/ProductCard';
import { PRODUCTS_PER_GROUP } from '../shared/constants';
import { sortedListUrl } from '../shared/routing/paths';
import { ChevronRightIcon } from '../shared/ui/icons';
import { homeRowQuery, type HomeRow } from './homeQueries';
import { ProductCarousel } from './ProductCarousel';

/**
 * The first `first` items at once and every item a task later, after the browser has painted: the
 * cards in view come up sooner and rendering all of them never blocks the page in one long task.
 */
function useInTwoSteps<T>(items: readonly T[], first: number): readonly T[] {
  const [all, setAll] = useState(false);
  const waiting = !all && items.length > first;
  useEffect(() => {
    if (!waiting) return undefined;
    const timer = window.setTimeout(() => setAll(true));
    return () => window.clearTimeout(timer);
  }, [waiting]);
  return all ? items : items.slice(0, first);
}

/** A home product row: 15 products of page 1 in one sort order, a see-all link and a more button. */
export function ProductRow({ row }: { row: HomeRow }) {
  const { id, title, description, sortBy, sort, showStock = false } = row;
  const navigate = useNavigate();
  const listUrl = sortedListUrl(sortBy, sort);
  const { data, isPending, isError } = useQuery(homeRowQuery(row));
  const products = useInTwoSteps(data?.dtoList ?? [], PRODUCTS_PER_GROUP);
  const titleId = `product-row-${id}`;

  return (
    <section className="product-row container" aria-labelledby={titleId} data-testid={`product-row-${id}`}>
      <div className="product-row__head">
        <div>
          <h2 id={titleId} className="product-row__title">
            {title}
          </h2>
          <p className="product-row__desc">{description}</p>
        </div>
        <Link to={listUrl} className="product-row__all">
          전체보기
          <ChevronRightIcon size={14} />
        </Link>
      </div>

      {isPending ? (
        <div aria-busy="true">
          <span className="sr-only">상품을 불러오는 중입니다</span>
          <ProductCarousel label={title} itemCount={0}>
            {Array.from({ length: PRODUCTS_PER_GROUP }, (_, i) => (
              <li key={i} className="carousel__item">
                <ProductCardSkeleton />
              </li>
            ))}
          </ProductCarousel>
        </div>
      ) : isError || products.length === 0 ? (
        <p className="product-row__empty" role="status">
          상품을 불러올 수 없습니다.
        </p>
      ) : (
        <ProductCarousel label={title} itemCount={products.length}>
          {products.map((product) => (
            <li key={product.pno} className="carousel__item">
              <ProductCard product={product} showStock={showStock} />
            </li>
          ))}
        </ProductCarousel>
      )}

      <div className="product-row__more">
        <button type="button" className="btn product-row__more-button" onClick={() => navigate(listUrl)}>
          더보기
          <ChevronRightIcon size={16} />
        </button>
      </div>
    </section>
  );
}
