/**
 * What a product's badge says, the same in the store and the consoles: a deleted product is
 * 삭제됨, one without stock 품절 (whatever its price), any other 판매중.
 */
export type SaleState = '판매중' | '품절' | '삭제됨';

export function isSoldOut(stock: number): boolean {
  return stock <= 0;
}

export function saleState(product: { delFlag: boolean; p_stock: number }): SaleState {
  if (product.delFlag) return '삭제됨';
  return isSoldOut(product.p_stock) ? '품절' : '판매중';
}
