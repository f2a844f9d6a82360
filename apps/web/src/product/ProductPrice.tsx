import { discountedPrice, formatWon } from '@mkt/pricing';
import './product.css';

interface ProductPriceProps {
  price: number;
  salePer: number;
}

/** A product's price as cards and the wish list show it: the original struck through, the discount rate and the final price. */
export function ProductPrice({ price, salePer }: ProductPriceProps) {
  const finalPrice = discountedPrice(price, salePer);
  const discounted = salePer > 0 && finalPrice < price;
  return (
    <>
      {discounted && (
        <p className="product-card__original">
          <span className="sr-only">정가</span>
          <del data-testid="product-original-price">{formatWon(price)}</del>
        </p>
      )}
      <p className="product-card__price">
        {discounted && (
          <>
            <span className="sr-only">할인율</span>
            <span className="product-card__rate" data-testid="product-sale-per">
              {salePer}%
            </span>
            <span className="sr-only">할인가</span>
          </>
        )}
        <strong className="product-card__final" data-testid="product-price">
          {formatWon(finalPrice)}
        </strong>
      </p>
    </>
  );
}
