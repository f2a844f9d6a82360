import type { ProductDetailDto } from '@mkt/contracts';
import { discountedPrice, formatWon } from '@mkt/pricing';
import { useEffect, useId, useState } from 'react';
import { ProductImage } from '../product/ProductImage';
import { MAX_QUANTITY_MESSAGE } from '../shared/constants';
import { formatNumber } from '../shared/text/format';
import { CloseIcon, HeartIcon } from '../shared/ui/icons';
import { QuantityStepper } from '../shared/ui/QuantityStepper';
import { useKeyboardSafeSelect } from '../shared/ui/useKeyboardSafeSelect';
import '../shared/ui/select.css';
import {
  changeQuantity,
  chooseOption,
  chosenLines,
  initialSelection,
  isAtMax,
  isSoldOut,
  linePrice,
  MIN_CARD_QUANTITY,
  removeOption,
  totalPrice,
  totalQuantity,
  type ChosenOption,
} from './optionSelection';
import { forgetChoice, rememberedChoice } from './rememberedChoice';
import { ShareButton } from './ShareButton';
import { useProductActions } from './useProductActions';

export function productName(product: ProductDetailDto): string {
  return product.pName || product.p_name;
}

function optionLabel(option: ProductDetailDto['optionDetail'][number]): string {
  let label = option.od_name;
  if (option.od_price > 0) label += ` (+${formatWon(option.od_price)})`;
  if (isSoldOut(option)) label += ' (품절)';
  return label;
}

/** The top of the detail page: image, name, share, price, seller, description, options, total, buttons. */
export function PurchasePanel({ product }: { product: ProductDetailDto }) {
  const name = productName(product);
  const [chosen, setChosen] = useState<ChosenOption[]>(() => initialSelection(product.optionDetail));
  // A choice kept across the login is restored once the page is live (the server, which renders the
  // page first, has no session storage), and once only: a later visit starts afresh.
  useEffect(() => {
    const remembered = rememberedChoice(product.pno, product.optionDetail);
    if (remembered) setChosen(remembered);
    forgetChoice();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the product the page opened with
  }, []);
  const { wished, toggleWish, addToCart, adding } = useProductActions(product);
  const selectId = useId();
  const finalPrice = discountedPrice(product.p_price, product.p_salePer);
  const discounted = product.p_salePer > 0 && finalPrice < product.p_price;
  const lines = chosenLines(product, chosen);
  const soldOut = product.optionDetail.length > 0 && product.optionDetail.every(isSoldOut);
  const optionSelect = useKeyboardSafeSelect('', (value) => {
    const option = product.optionDetail.find((candidate) => String(candidate.odno) === value);
    if (option) setChosen((current) => chooseOption(current, option));
  });

  return (
    <section className="purchase" aria-labelledby="product-name">
      <div className="purchase__media">
        <ProductImage name={product.productImage[0]?.pi_name} alt={name} className="purchase__image" />
        {soldOut && <span className="purchase__soldout">품절</span>}
      </div>

      <div className="purchase__info">
        <div className="purchase__head">
          <div>
            {product.businessName && <p className="purchase__seller-tag">{product.businessName}</p>}
            <h1 id="product-name" className="purchase__name">
              {name}
            </h1>
          </div>
          <ShareButton />
        </div>
        {product.pContent && <p className="purchase__summary">{product.pContent}</p>}

        <div className="purchase__price" data-testid="detail-price">
          {discounted && (
            <>
              <span className="sr-only">할인율</span>
              <span className="purchase__rate">{product.p_salePer}%</span>
            </>
          )}
          <span className="sr-only">판매가</span>
          <strong className="purchase__final" data-testid="detail-final-price">
            {formatWon(finalPrice)}
          </strong>
          {discounted && (
            <del className="purchase__original">
              <span className="sr-only">정가</span>
              {formatWon(product.p_price)}
            </del>
          )}
        </div>

        <dl className="purchase__facts">
          <div>
            <dt>판매자</dt>
            <dd>{product.businessName || '-'}</dd>
          </div>
          <div>
            <dt>배송</dt>
            <dd>무료배송</dd>
          </div>
        </dl>

        <div className="purchase__options">
          <label htmlFor={selectId} className="purchase__label">
            상품 선택
          </label>
          {product.optionDetail.length === 0 ? (
            <p className="purchase__none">선택할 수 있는 옵션이 없습니다.</p>
          ) : (
            <select id={selectId} className="select" data-testid="option-select" {...optionSelect}>
              <option value="">옵션을 선택해 주세요</option>
              {product.optionDetail.map((option) => (
                <option key={option.odno} value={String(option.odno)} disabled={isSoldOut(option)}>
                  {optionLabel(option)}
                </option>
              ))}
            </select>
          )}

          {lines.length > 0 && (
            <ul className="option-cards" aria-label="선택한 옵션">
              {lines.map(({ line, option }) => {
                const atMax = isAtMax(line, option);
                return (
                  <li
                    key={option.odno}
                    className="option-card"
                    data-testid="option-card"
                    data-odno={option.odno}
                  >
                    <div className="option-card__head">
                      <p className="option-card__name">{option.od_name}</p>
                      <button
                        type="button"
                        className="option-card__remove"
                        aria-label={`${option.od_name} 삭제`}
                        onClick={() => setChosen((current) => removeOption(current, option.odno))}
                      >
                        <CloseIcon size={16} />
                      </button>
                    </div>
                    <div className="option-card__body">
                      <QuantityStepper
                        label={`${option.od_name} 수량`}
                        value={line.quantity}
                        valueTestId="option-quantity"
                        decreaseDisabled={line.quantity <= MIN_CARD_QUANTITY}
                        increaseDisabled={atMax}
                        onDecrease={() =>
                          setChosen((current) => changeQuantity(current, option, line.quantity - 1))
                        }
                        onIncrease={() =>
                          setChosen((current) => changeQuantity(current, option, line.quantity + 1))
                        }
                      />
                      <strong className="option-card__price" data-testid="option-line-price">
                        {formatWon(linePrice(product, option, line.quantity))}
                      </strong>
                    </div>
                    {atMax && (
                      <p className="option-card__max" role="status">
                        {MAX_QUANTITY_MESSAGE}
                      </p>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </div>

        <div className="purchase__total">
          <span className="purchase__total-label">
            총 상품금액
            {lines.length > 0 && (
              <span className="purchase__total-count"> ({formatNumber(totalQuantity(chosen))}개)</span>
            )}
          </span>
          <strong className="purchase__total-price" data-testid="total-price" aria-live="polite">
            {formatWon(totalPrice(product, chosen))}
          </strong>
        </div>

        <div className="purchase__actions">
          <button
            type="button"
            className={`btn purchase__wish${wished ? ' is-wished' : ''}`}
            aria-pressed={wished}
            data-testid="wish-button"
            onClick={toggleWish}
          >
            <HeartIcon size={22} fill={wished ? 'currentColor' : 'none'} />
            <span className="purchase__wish-text">찜하기</span>
          </button>
          <button
            type="button"
            className="btn btn--primary purchase__cart"
            aria-busy={adding || undefined}
            onClick={() => addToCart(chosen)}
          >
            장바구니 담기
          </button>
        </div>
      </div>
    </section>
  );
}
