import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { ProductCard, ProductCardSkeleton } from '../product/ProductCard';
import { productListQuery } from '../shared/api/products';
import { paths } from '../shared/routing/paths';
import { formatNumber } from '../shared/text/format';
import { ErrorState } from '../shared/ui/ErrorState';
import { Pagination } from '../shared/ui/Pagination';
import { useDocumentTitle } from '../shared/ui/useDocumentTitle';
import { CategoryPickers } from './CategoryPickers';
import { ListBanner, listTitle } from './ListBanner';
import {
  listSearch,
  parseListState,
  productListParams,
  withCategoryChain,
  withPage,
  withSort,
  type ListState,
} from './listState';
import { SortToggle } from './SortToggle';
import { chainNames, useCategoryChain, useCategoryLevels } from './useCategoryChain';
import './product-list.css';

const SKELETON_CARDS = 8;

/** `/product` opens the list, keeping whatever query it was given. */
export function ProductIndexRedirect() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: paths.productList, search }} replace />;
}

/**
 * The product list. Its whole state is the URL query (see listState), so every change is a
 * navigation: reload keeps it and back/forward walk through it.
 */
export function ProductListPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const state = useMemo(() => parseListState(searchParams), [searchParams]);
  const category = useCategoryChain(state);
  const levels = useCategoryLevels(category.chain ?? []);
  const categoryNames = chainNames(
    category.chain ?? [],
    levels.map((level) => level.data),
  );
  const failedLevel = levels.find((level) => level.isError);
  const categoryError = category.error ?? failedLevel?.error;
  const retryCategories = () => {
    category.refetch();
    levels.forEach((level) => {
      if (level.isError) void level.refetch();
    });
  };
  const title = listTitle(state, categoryNames);
  useDocumentTitle(title);

  const list = useQuery(productListQuery(productListParams(state)));

  const go = (next: ListState) => navigate({ pathname: paths.productList, search: listSearch(next) });
  const pageHref = (page: number) => `${paths.productList}${listSearch(withPage(state, page))}`;
  const products = list.data?.dtoList ?? [];

  return (
    <div className="product-list-page container">
      <ListBanner state={state} title={title} categoryNames={categoryNames} />

      {categoryError ? (
        <ErrorState
          compact
          title="카테고리를 불러오지 못했습니다"
          error={categoryError}
          onRetry={retryCategories}
        />
      ) : (
        <CategoryPickers
          chain={category.chain}
          levels={levels}
          onChange={(chain) => go(withCategoryChain(state, chain))}
        />
      )}

      <div className="list-toolbar">
        <p className="list-toolbar__count" aria-live="polite" data-testid="total-count">
          {list.data ? (
            <>
              총 <strong>{formatNumber(list.data.totalCount)}</strong>개
            </>
          ) : (
            <span className="sr-only">상품 수를 세는 중</span>
          )}
        </p>
        <SortToggle
          sortBy={state.sortBy}
          sort={state.sort}
          onChange={(sortBy, sort) => go(withSort(state, sortBy, sort))}
        />
      </div>

      {list.isPending ? (
        <div aria-busy="true">
          <span className="sr-only">상품을 불러오는 중입니다</span>
          <ul className="product-grid" aria-hidden="true">
            {Array.from({ length: SKELETON_CARDS }, (_, i) => (
              <li key={i}>
                <ProductCardSkeleton />
              </li>
            ))}
          </ul>
        </div>
      ) : list.isError ? (
        <ErrorState
          title="상품을 불러오지 못했습니다"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : products.length === 0 ? (
        <p className="empty-state" role="status" data-testid="list-empty">
          {state.keyword ? `"${state.keyword}"에 대한 검색 결과가 없습니다.` : '조건에 맞는 상품이 없습니다.'}
        </p>
      ) : (
        <>
          <ul className="product-grid" aria-label={`${title} 상품 목록`} data-testid="product-grid">
            {products.map((product) => (
              <li key={product.pno}>
                <ProductCard product={product} />
              </li>
            ))}
          </ul>
          <Pagination page={list.data} label="상품 목록 페이지" hrefFor={pageHref} testId="list-pagination" />
        </>
      )}
    </div>
  );
}
