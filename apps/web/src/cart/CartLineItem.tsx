import type { CartLineDto } from '@mkt/contracts';
import { formatWon } from '@mkt/pricing';
import { Link } from 'react-router-dom';
import { ProductImage } from '../product/ProductImage';
import { paths } from '../shared/routing/paths';
import { CloseIcon } from '../shared/ui/icons';
import { QuantityStepper } from '../shared/ui/QuantityStepper';
import { UNAVAILABLE_LABELS } from './cartMessages';
import { canChangeQuantity, originalAmount } from './cartQuantity';
import { isOrderable } from './cartSelection';

interface CartLineItemProps {
  line: CartLineDto;
  selected: boolean;
  onToggle: () => void;
  /** − or + pressed: the quantity asked for. */
  onStep: (next: number) => void;
  onDelete: () => void;
}

/** One cart line: tick, image, seller, name, option, quantity, prices (the line amount is the server's), delete. */
export function CartLineItem({ line, selected, onToggle, onStep, onDelete }: CartLineItemProps) {
  const orderable = isOrderable(line);
  const label = `${line.p_name} ${line.od_name}`;
  const discounted = line.p_salePer > 0 && line.lineAmount < originalAmount(line);

  return (
    <li
      className={`cart-line${orderable ? '' : ' is-unavailable'}`}
      data-testid="cart-line"
      data-cino={line.cino}
      data-odno={line.odno}
    >
      <input
        type="checkbox"
        className="checkbox cart-line__check"
        aria-label={orderable ? `${label} 선택` : `${label} 선택 (주문할 수 없는 상품)`}
        checked={selected}
        disabled={!orderable}
        onChange={onToggle}
      />
      {/* The name is the link for keyboards and screen readers; the image is a larger target for pointers. */}
      <Link to={paths.product(line.pno)} className="cart-line__media" tabIndex={-1} aria-hidden="true">
        <ProductImage name={line.pi_name} alt="" className="cart-line__image" />
      </Link>
      <div className="cart-line__info">
        {line.businessName && <p className="cart-line__seller">{line.businessName}</p>}
        <Link to={paths.product(line.pno)} className="cart-line__name">
          {line.p_name}
        </Link>
        <p className="cart-line__option">
          <span className="sr-only">옵션 </span>
          {line.od_name}
          {line.od_price > 0 && ` (+${formatWon(line.od_price)})`}
        </p>
        {line.unavailable && (
          <p className="cart-line__unavailable" data-testid="cart-line-unavailable">
            {UNAVAILABLE_LABELS[line.unavailable]}
            {line.unavailable === 'NOT_ENOUGH_STOCK' && ` (남은 수량 ${line.od_stock}개)`}
            <span className="cart-line__unavailable-note"> · 주문할 수 없습니다</span>
          </p>
        )}
      </div>
      <div className="cart-line__controls">
        <QuantityStepper
          label={`${label} 수량`}
          value={line.c_cnt}
          valueTestId="cart-line-quantity"
          disabled={!canChangeQuantity(line)}
          onDecrease={() => onStep(line.c_cnt - 1)}
          onIncrease={() => onStep(line.c_cnt + 1)}
        />
        <div className="cart-line__prices">
          {discounted && (
            <p className="cart-line__original">
              <span className="sr-only">할인율</span>
              <span className="cart-line__rate">{line.p_salePer}%</span>
              <span className="sr-only">정가</span>
              <del>{formatWon(originalAmount(line))}</del>
            </p>
          )}
          <p className="cart-line__amount">
            <span className="sr-only">상품 금액</span>
            <strong data-testid="cart-line-amount">{formatWon(line.lineAmount)}</strong>
          </p>
        </div>
      </div>
      <button type="button" className="cart-line__delete" aria-label={`${label} 삭제`} onClick={onDelete}>
        <CloseIcon size={18} />
      </button>
    </li>
  );
}

export function CartLineSkeleton() {
  return (
    <li className="cart-line cart-line--skeleton" aria-hidden="true">
      <span className="cart-line__check" />
      <div className="cart-line__media skeleton" />
      <div className="cart-line__info">
        <div className="skeleton cart-line__bar cart-line__bar--short" />
        <div className="skeleton cart-line__bar" />
        <div className="skeleton cart-line__bar cart-line__bar--mid" />
      </div>
    </li>
  );
}
