import type { OptionDetailDto, ProductDetailDto } from '@mkt/contracts';
import { formatWon } from '@mkt/pricing';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ProductImage } from '../product/ProductImage';
import { ProductPrice } from '../product/ProductPrice';
import {
  cartAdds,
  changeQuantity,
  hasCartableOption,
  initialModalSelection,
  isSoldOut,
  MIN_MODAL_QUANTITY,
  totalPrice,
  type ChosenOption,
} from '../product-detail/optionSelection';
import { productDetailQuery } from '../shared/api/products';
import { SELECT_OPTION_MESSAGE } from '../shared/constants';
import { Modal } from '../shared/ui/Modal';
import { QuantityStepper } from '../shared/ui/QuantityStepper';
import { useAddToCart } from './useAddToCart';
import './cart.css';

interface AddToCartModalProps {
  mno: number;
  pno: number;
  onClose: () => void;
}

/**
 * 장바구니 담기 for one product (spec section 4): its options with a quantity each (a lone option
 * starts at 1, several all at 0, never below 0 nor above the stock) and the total with surcharges.
 * The page does not scroll while it is open; closing forgets the product.
 */
export function AddToCartModal({ mno, pno, onClose }: AddToCartModalProps) {
  const product = useQuery(productDetailQuery(pno));
  return (
    <Modal title="장바구니 담기" onClose={onClose} className="cart-modal" testId="add-to-cart-modal">
      {product.isPending ? (
        <div className="cart-modal__loading" aria-busy="true">
          <span className="sr-only">상품 정보를 불러오는 중입니다</span>
          <div className="skeleton cart-modal__bar" aria-hidden="true" />
          <div className="skeleton cart-modal__bar" aria-hidden="true" />
        </div>
      ) : product.isError || product.data.optionDetail.length === 0 ? (
        <>
          <p className="cart-modal__error" role="alert">
            상품 정보를 불러올 수 없습니다.
          </p>
          <div className="modal__actions">
            <button type="button" className="btn" onClick={onClose}>
              닫기
            </button>
          </div>
        </>
      ) : (
        <AddToCartForm mno={mno} product={product.data} onClose={onClose} />
      )}
    </Modal>
  );
}

function optionLabel(option: OptionDetailDto): string {
  return option.od_price > 0 ? `${option.od_name} (+${formatWon(option.od_price)})` : option.od_name;
}

function AddToCartForm({
  mno,
  product,
  onClose,
}: {
  mno: number;
  product: ProductDetailDto;
  onClose: () => void;
}) {
  const [chosen, setChosen] = useState<ChosenOption[]>(() => initialModalSelection(product.optionDetail));
  const { add, adding } = useAddToCart();
  const name = product.pName || product.p_name;
  const quantityOf = (option: OptionDetailDto) =>
    chosen.find((line) => line.odno === option.odno)?.quantity ?? 0;
  const step = (option: OptionDetailDto, next: number) =>
    setChosen((current) => changeQuantity(current, option, next, MIN_MODAL_QUANTITY));

  const submit = () => {
    if (adding) return;
    if (!hasCartableOption(chosen)) {
      window.alert(SELECT_OPTION_MESSAGE);
      return;
    }
    // Closed before the question, so the answer is asked over the page.
    void add(mno, cartAdds(chosen), onClose);
  };

  return (
    <>
      <div className="cart-modal__product">
        <div className="cart-modal__media">
          <ProductImage name={product.productImage[0]?.pi_name} alt={name} className="cart-modal__image" />
        </div>
        <div className="cart-modal__summary">
          <p className="cart-modal__name">{name}</p>
          <ProductPrice price={product.p_price} salePer={product.p_salePer} />
        </div>
      </div>
      <ul className="cart-modal__options" aria-label="옵션 수량">
        {product.optionDetail.map((option) => {
          const quantity = quantityOf(option);
          return (
            <li
              key={option.odno}
              className="cart-modal__option"
              data-testid="modal-option"
              data-odno={option.odno}
            >
              <p className="cart-modal__option-name">
                {optionLabel(option)}
                {isSoldOut(option) && <span className="cart-modal__soldout"> 품절</span>}
              </p>
              <QuantityStepper
                label={`${option.od_name} 수량`}
                value={quantity}
                valueTestId="modal-option-quantity"
                decreaseDisabled={quantity <= MIN_MODAL_QUANTITY}
                increaseDisabled={quantity >= option.od_stock}
                onDecrease={() => step(option, quantity - 1)}
                onIncrease={() => step(option, quantity + 1)}
              />
            </li>
          );
        })}
      </ul>
      <p className="cart-modal__total">
        <span>총 상품금액</span>
        <strong data-testid="modal-total" aria-live="polite">
          {formatWon(totalPrice(product, chosen))}
        </strong>
      </p>
      <div className="modal__actions">
        <button type="button" className="btn" onClick={onClose}>
          취소
        </button>
        <button type="button" className="btn btn--primary" onClick={submit} aria-busy={adding || undefined}>
          장바구니 담기
        </button>
      </div>
    </>
  );
}
