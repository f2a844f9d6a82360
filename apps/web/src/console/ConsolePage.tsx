import { useRef, type ComponentType } from 'react';
import { Link, Navigate, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../shared/routing/paths';
import { useSession } from '../shared/session';
import { useCurrentLinkInView } from '../shared/ui/useCurrentLinkInView';
import { useDocumentTitle } from '../shared/ui/useDocumentTitle';
import { AdminDashboard } from './AdminDashboard';
import { CONSOLES, type ConsoleRole } from './consoleRoles';
import { FaqScreen, NoticeScreen } from './content/BoardPostScreen';
import { ConsoleOrdersScreen } from './orders/ConsoleOrdersScreen';
import { SellerDashboard } from './orders/SellerDashboard';
import { ConsoleProductsScreen } from './products/ConsoleProductsScreen';
import { AdminUsersScreen } from './users/AdminUsersScreen';
import { SellerInquiriesScreen } from './inquiries/SellerInquiriesScreen';
import './console.css';

/** The screens built so far, by console and menu path; the others say '준비 중입니다'. */
const SCREENS: Record<ConsoleRole, Partial<Record<string, ComponentType>>> = {
  admin: {
    '': AdminDashboard,
    orders: ConsoleOrdersScreen,
    notice: NoticeScreen,
    faq: FaqScreen,
    users: AdminUsersScreen,
    products: ConsoleProductsScreen,
  },
  seller: {
    '': SellerDashboard,
    orders: ConsoleOrdersScreen,
    products: ConsoleProductsScreen,
    qa: SellerInquiriesScreen,
  },
};

/**
 * /admin and /seller: one page with a side menu, a title for the current menu item, a logout
 * button and a link to the store, and the current item's screen.
 */
export function ConsolePage({ role }: { role: ConsoleRole }) {
  const config = CONSOLES[role];
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const sub =
    pathname
      .slice(config.root.length)
      .replace(/^\/+|\/+$/g, '')
      .split('/')[0] ?? '';
  const current = config.menu.find((item) => item.path === sub) ?? config.menu[0];
  const Screen = SCREENS[role][current.path];
  useDocumentTitle(`${current.label} | ${config.title}`);
  const menuStrip = useRef<HTMLElement>(null);
  useCurrentLinkInView(menuStrip, current.path);

  if (!session[role]) return <Navigate to={config.loginPath} replace />;

  const logout = () => {
    session.logoutRole(role);
    window.alert(config.logoutMessage);
    void navigate(config.loginPath, { replace: true });
  };

  return (
    <div className="console" data-testid={`${role}-console`}>
      <aside className="console__side">
        <p className="console__brand">딜마켓 {config.title}</p>
        <nav ref={menuStrip} className="console__menu-strip" aria-label={`${config.title} 메뉴`}>
          <ul className="console__menu">
            {config.menu.map((item) => (
              <li key={item.path}>
                <NavLink
                  to={item.path ? `${config.root}/${item.path}` : config.root}
                  end
                  className={({ isActive }) => `console__menu-item${isActive ? ' is-active' : ''}`}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="console__actions">
          <button type="button" className="console__logout" onClick={logout}>
            로그아웃
          </button>
          <Link to={paths.home} className="console__home">
            메인으로
          </Link>
        </div>
      </aside>
      <main className="console__main">
        <h1 className="console__title">{current.label}</h1>
        {Screen ? <Screen /> : <p className="console__placeholder">준비 중입니다</p>}
      </main>
    </div>
  );
}
