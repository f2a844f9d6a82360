import type { CartLineDto, CartLineUnavailability, OptionSnapshot } from '@mkt/contracts';
import type { PricedLine } from '@mkt/pricing';
import { lineTotal } from '@mkt/pricing';

/** What the cart stores of a line; everything else is the catalogue's at read time. */
export interface StoredLine {
  cino: number;
  mno: number;
  pno: number;
  odno: number;
  cCnt: number;
}

/** Shown for an option the catalogue no longer has at all. */
const GONE_PRODUCT_NAME = '판매가 종료된 상품';

export function unavailability(
  quantity: number,
  option: OptionSnapshot | undefined,
): CartLineUnavailability | null {
  if (!option || option.delFlag) return 'DELETED';
  if (option.od_stock === 0) return 'SOLD_OUT';
  if (quantity > option.od_stock) return 'NOT_ENOUGH_STOCK';
  return null;
}

/** A stored line with the catalogue's current names, prices and stock, and its server-computed amount. */
export function toCartLine(line: StoredLine, option: OptionSnapshot | undefined): CartLineDto {
  const current = option ?? {
    p_name: GONE_PRODUCT_NAME,
    od_name: '',
    pi_name: '',
    p_price: 0,
    od_price: 0,
    p_salePer: 0,
    p_stock: 0,
    od_stock: 0,
    businessName: '',
  };
  return {
    cino: line.cino,
    mno: line.mno,
    pno: line.pno,
    odno: line.odno,
    c_cnt: line.cCnt,
    p_name: current.p_name,
    od_name: current.od_name,
    pi_name: current.pi_name,
    p_price: current.p_price,
    od_price: current.od_price,
    p_salePer: current.p_salePer,
    p_stock: current.p_stock,
    od_stock: current.od_stock,
    businessName: current.businessName,
    lineAmount: lineTotal(current.p_price, current.p_salePer, current.od_price, line.cCnt),
    unavailable: unavailability(line.cCnt, option),
  };
}

export function pricedLine(line: CartLineDto): PricedLine {
  return {
    price: line.p_price,
    salePercent: line.p_salePer,
    optionPrice: line.od_price,
    quantity: line.c_cnt,
  };
}
