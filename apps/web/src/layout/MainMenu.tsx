import type { ProductSortKey } from '@mkt/contracts';
import { Link } from 'react-router-dom';
import { sortedListUrl } from '../shared/routing/paths';
import { MoonIcon } from '../shared/ui/icons';

const MAIN_MENU: ReadonlyArray<{ label: string; sortBy: ProductSortKey }> = [
  { label: '신상품', sortBy: 'pno' },
  { label: '베스트', sortBy: 'p_salesVol' },
  { label: '알뜰쇼핑', sortBy: 'p_salePer' },
  { label: '특가/혜택', sortBy: 'p_salePer' },
];

export function MainMenu() {
  return (
    <nav className="main-menu" aria-label="주요 메뉴">
      <ul className="main-menu__list">
        {MAIN_MENU.map((item) => (
          <li key={item.label}>
            <Link to={sortedListUrl(item.sortBy)} className="main-menu__link">
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Shown for the look of the store; it has no behaviour (spec). */
export function DawnDeliveryButton() {
  return (
    <button type="button" className="dawn-button">
      <MoonIcon size={14} />
      샛별·새벽배송
    </button>
  );
}
