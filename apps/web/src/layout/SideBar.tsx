import { MoonIcon } from '../shared/ui/icons';

const SIDE_LINKS = ['등급별 혜택', '레시피', '베스트 후기'];

/** Right-hand quick bar: a dawn-delivery ad and three links that do nothing yet (spec). */
export function SideBar() {
  return (
    <aside className="side-bar" aria-label="빠른 메뉴">
      <div className="side-bar__ad">
        <MoonIcon size={22} />
        <strong>샛별배송</strong>
        <span>
          밤 11시 전 주문,
          <br />
          아침 7시 전 도착
        </span>
      </div>
      <ul className="side-bar__links">
        {SIDE_LINKS.map((label) => (
          <li key={label}>
            <button type="button" className="side-bar__link">
              {label}
            </button>
          </li>
        ))}
      </ul>
    </aside>
  );
}
