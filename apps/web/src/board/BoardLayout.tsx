import { NavLink, Outlet } from 'react-router-dom';
import { paths } from '../shared/routing/paths';
import './board.css';

const ENTRIES = [
  { to: paths.notice, label: '공지사항' },
  { to: paths.faq, label: '자주 묻는 질문' },
  { to: paths.contact, label: '1:1 문의' },
  { to: paths.terms, label: '이용약관' },
  { to: paths.privacy, label: '개인정보처리방침' },
];

/** /board: the customer centre's side bar (the current entry highlighted) around its pages. */
export function BoardLayout() {
  return (
    <div className="board container">
      <aside className="board__side">
        <h2 className="board__side-title" id="board-side-title">
          고객센터
        </h2>
        <nav aria-labelledby="board-side-title">
          <ul className="board__menu">
            {ENTRIES.map((entry) => (
              <li key={entry.to}>
                <NavLink
                  to={entry.to}
                  className={({ isActive }) => `board__menu-link${isActive ? ' is-active' : ''}`}
                >
                  {entry.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="board__content">
        <Outlet />
      </div>
    </div>
  );
}
