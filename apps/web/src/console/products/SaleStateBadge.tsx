import { saleState } from '../../product/saleState';

const STATE_CLASS = { 판매중: '', 품절: ' is-sold-out', 삭제됨: ' is-deleted' } as const;

/** A product's state in the consoles, as the store shows it (판매중, 품절, 삭제됨). */
export function SaleStateBadge({ product }: { product: { delFlag: boolean; p_stock: number } }) {
  const state = saleState(product);
  return (
    <span className={`console-products__status${STATE_CLASS[state]}`} data-testid="sale-state">
      {state}
    </span>
  );
}
