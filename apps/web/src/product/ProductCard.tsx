import type { ProductSummaryDto } from '@mkt/contracts';
import { Link } from 'react-router-dom';
import { paths } from '../shared/routing/paths';
import { ProductImage } from './ProductImage';
import { ProductPrice } from './ProductPrice';
import { isSoldOut } from './saleState';
import './product.css';

/** Stock at or under this shows a 'N개 남음' hint. */
const LOW_STOCK = 10;

interface ProductCardProps {
  product: ProductSummaryDto;
  /** Show how many are left when stock is low (the sold-out-soon row). */
  showStock?: boolean;
}

export function ProductCard({ product, showStock = false }: ProductCardProps) {
  const name = product.p_name || product.pName;
  const soldOut = isSoldOut(product.p_stock);

  return (
    <Link
      to={paths.product(product.pno)}
      className="product-card"
      data-testid="product-card"
      data-pno={product.pno}
    >
      <div className="product-card__media">
        <ProductImage
          name={product.productImage[0]?.pi_name}
          alt={name}
          className="product-card__image"
          loading="lazy"
        />
        {soldOut && <span className="product-card__soldout">품절</span>}
      </div>
      <div className="product-card__body">
        {product.businessName && <p className="product-card__seller">{product.businessName}</p>}
        <p className="product-card__name">{name}</p>
        <ProductPrice price={product.p_price} salePer={product.p_salePer} />
        {showStock && !soldOut && product.p_stock <= LOW_STOCK && (
          <p className="product-card__stock">{product.p_stock}개 남음</p>
        )}
      </div>
    </Link>
  );
}

export function ProductCardSkeleton() {
  return (
    <div className="product-card product-card--skeleton" aria-hidden="true">
      <div className="product-card__media skeleton" />
      <div className="product-card__body">
        <div className="skeleton product-card__bar product-card__bar--short" />
        <div className="skeleton product-card__bar" />
        <div className="skeleton product-card__bar product-card__bar--mid" />
      </div>
    </div>
  );
}
