import { formatWon } from '@mkt/pricing';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { ProductImage } from '../../product/ProductImage';
import { managedProductQuery } from '../../shared/api/productManagement';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { ErrorState } from '../../shared/ui/ErrorState';
import { statusToggleLabel, useStatusToggle } from './useStatusToggle';
import { SaleStateBadge } from './SaleStateBadge';

/** A product as its console shows it: name, images, content, price, sale percent and options. */
export function ProductDetailView({ listPath, pno }: { listPath: string; pno: number }) {
  const navigate = useNavigate();
  const product = useQuery(managedProductQuery(pno));
  const { busyPno, toggle, confirmation } = useStatusToggle();
  const toList = () => void navigate(listPath);

  if (product.isPending) {
    return (
      <p className="console-products__state" role="status">
        상품 정보를 불러오는 중입니다...
      </p>
    );
  }
  if (product.isError) {
    return (
      <div className="console-products__detail">
        <ErrorState
          error={product.error}
          onRetry={() => void product.refetch()}
          title="상품 정보를 불러오지 못했습니다."
        />
        <button type="button" className="btn" onClick={toList}>
          목록
        </button>
      </div>
    );
  }
  const item = product.data;
  return (
    <article className="console-products__detail" aria-labelledby="console-product-name">
      <h2 id="console-product-name" className="console-products__detail-name">
        {item.pName}
        <SaleStateBadge product={item} />
      </h2>
      <div className="console-products__images">
        {item.productImage.length === 0 ? (
          <ProductImage name={undefined} alt={item.pName} className="console-products__image" />
        ) : (
          item.productImage.map((image, index) => (
            <ProductImage
              key={image.pi_name}
              name={image.pi_name}
              alt={`${item.pName} 이미지 ${index + 1}`}
              className="console-products__image"
            />
          ))
        )}
      </div>
      <dl className="console-products__facts">
        <dt>상품 설명</dt>
        <dd className="console-products__content">{item.pContent}</dd>
        <dt>가격</dt>
        <dd>{formatWon(item.pPrice)}</dd>
        <dt>할인율</dt>
        <dd>{item.pSalePer}%</dd>
        <dt>재고</dt>
        <dd>{item.p_stock.toLocaleString('ko-KR')}개</dd>
      </dl>
      <h3 className="console-products__subtitle">옵션</h3>
      {item.optionDetail.length === 0 ? (
        <p>옵션 없음</p>
      ) : (
        <table className="console-products__options">
          <thead>
            <tr>
              <th scope="col">옵션명</th>
              <th scope="col">추가 금액</th>
            </tr>
          </thead>
          <tbody>
            {item.optionDetail.map((option) => (
              <tr key={option.odno}>
                <td>{option.od_name}</td>
                <td>{formatWon(option.od_price)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="console-products__actions">
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => void navigate(listPath, { state: { modifyProduct: item } })}
        >
          수정
        </button>
        <button
          type="button"
          className="btn"
          disabled={busyPno === item.pno}
          onClick={() => toggle(item.pno, item.delFlag, item.pName)}
        >
          {statusToggleLabel(item.delFlag)}
        </button>
        <button type="button" className="btn" onClick={toList}>
          목록
        </button>
      </div>
      {confirmation ? <ConfirmDialog {...confirmation} /> : null}
    </article>
  );
}
