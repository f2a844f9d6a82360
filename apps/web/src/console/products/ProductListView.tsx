import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { managedProductsQuery } from '../../shared/api/productManagement';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { ErrorState } from '../../shared/ui/ErrorState';
import { Pagination } from '../../shared/ui/Pagination';
import { CategorySelects, deepestCategory, NO_CATEGORY, type CategoryPath } from './CategorySelects';
import { statusToggleLabel, useStatusToggle } from './useStatusToggle';
import { SaleStateBadge } from './SaleStateBadge';

/** The products of the console: a seller's own, an admin's every product; deleted ones included, 10 a page. */
export function ProductListView({ role, listPath }: { role: 'admin' | 'seller'; listPath: string }) {
  const navigate = useNavigate();
  const keywordId = useId();
  const [categories, setCategories] = useState<CategoryPath>(NO_CATEGORY);
  const [keywordInput, setKeywordInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const products = useQuery(managedProductsQuery({ page, ctno: deepestCategory(categories), keyword }));
  const { busyPno, toggle, confirmation } = useStatusToggle();

  const search = (event: FormEvent) => {
    event.preventDefault();
    setKeyword(keywordInput.trim());
    setPage(1);
  };

  return (
    <section className="console-products" aria-label="상품 목록">
      <div className="console-products__toolbar">
        <CategorySelects
          label="카테고리 필터"
          value={categories}
          onChange={(path) => {
            setCategories(path);
            setPage(1);
          }}
        />
        <form className="console-products__search" role="search" aria-label="상품 검색" onSubmit={search}>
          <label htmlFor={keywordId} className="sr-only">
            상품명
          </label>
          <input
            id={keywordId}
            type="search"
            value={keywordInput}
            maxLength={100}
            placeholder="상품명 검색"
            onChange={(event) => setKeywordInput(event.target.value)}
          />
          <button type="submit" className="btn">
            검색
          </button>
        </form>
        {role === 'seller' ? (
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => void navigate(listPath, { state: { addProduct: true } })}
          >
            상품 등록
          </button>
        ) : null}
      </div>
      {products.isPending ? (
        <p className="console-products__state" role="status">
          상품을 불러오는 중입니다...
        </p>
      ) : products.isError ? (
        <ErrorState
          error={products.error}
          onRetry={() => void products.refetch()}
          title="상품 목록을 불러오지 못했습니다."
        />
      ) : products.data.dtoList.length === 0 ? (
        <p className="console-products__state" data-testid="console-products-empty">
          {keyword || deepestCategory(categories)
            ? '조건에 맞는 상품이 없습니다.'
            : '등록된 상품이 없습니다.'}
        </p>
      ) : (
        <>
          <ul className="console-products__list" aria-busy={products.isFetching || undefined}>
            {products.data.dtoList.map((product) => (
              <li key={product.pno} className="console-products__row" data-testid="console-product-row">
                <span className="console-products__pno">{product.pno}</span>
                <button
                  type="button"
                  className="console-products__name"
                  onClick={() => void navigate(listPath, { state: { pno: product.pno } })}
                >
                  {product.pName}
                </button>
                {role === 'admin' ? (
                  <span className="console-products__seller">{product.businessName}</span>
                ) : null}
                <SaleStateBadge product={product} />
                <button
                  type="button"
                  className="btn console-products__toggle"
                  disabled={busyPno === product.pno}
                  aria-label={`${product.pName} ${statusToggleLabel(product.delFlag)}`}
                  onClick={() => toggle(product.pno, product.delFlag, product.pName)}
                >
                  {statusToggleLabel(product.delFlag)}
                </button>
              </li>
            ))}
          </ul>
          <Pagination page={products.data} label="상품 목록 페이지" onSelect={setPage} />
        </>
      )}
      {confirmation ? <ConfirmDialog {...confirmation} /> : null}
    </section>
  );
}
