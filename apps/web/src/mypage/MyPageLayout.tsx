import type { Grade, MemberDto } from '@mkt/contracts';
import { formatWon } from '@mkt/pricing';
import { useRef, type MouseEvent } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useMemberInfo } from '../member/memberInfo';
import { paths } from '../shared/routing/paths';
import { readSession, useSession } from '../shared/session';
import { useCurrentLinkInView } from '../shared/ui/useCurrentLinkInView';
import type { MyPageContext } from './myPageContext';
import { activeMenuOf, LOGIN_FIRST_MESSAGE, MYPAGE_MENU, type MyPageMenuKey } from './myPageMenu';
import './mypage.css';

/**
 * /mypage: the side bar (greeting, cumulative spend, grade, menu) around the chosen screen.
 * Logged out, it sends the visitor to the site root.
 */
export function MyPageLayout() {
  const { member: session } = useSession();
  const { pathname } = useLocation();
  const info = useMemberInfo(session?.email);

  if (!session) return <Navigate to={paths.home} replace />;

  const member = info.data ?? session;
  return (
    <div className="mypage container">
      <aside className="mypage__side">
        <MemberSummary member={member} />
        <MyPageMenu active={activeMenuOf(pathname)} />
      </aside>
      <div className="mypage__content">
        <Outlet context={{ member } satisfies MyPageContext} />
      </div>
    </div>
  );
}

const GRADE_LABELS: Record<Grade, string> = {
  USER: '일반',
  SILVER: '실버',
  GOLD: '골드',
  PLATINUM: '플래티넘',
};

function MemberSummary({ member }: { member: MemberDto }) {
  const grade = member.membership[0] ?? 'USER';
  return (
    <section className="mypage-summary" aria-label="회원 요약">
      <p className="mypage-summary__greeting" data-testid="mypage-greeting">
        <strong>{member.m_name}</strong>님
      </p>
      <dl className="mypage-summary__facts">
        <div>
          <dt>회원 등급</dt>
          <dd data-testid="mypage-grade">{GRADE_LABELS[grade] ?? grade}</dd>
        </div>
        <div>
          <dt>누적 구매금액</dt>
          <dd data-testid="mypage-total-pay">{formatWon(member.totalPay)}</dd>
        </div>
      </dl>
    </section>
  );
}

function MyPageMenu({ active }: { active: MyPageMenuKey | null }) {
  const navigate = useNavigate();
  const strip = useRef<HTMLElement>(null);
  useCurrentLinkInView(strip, active ?? '');

  // The stored login is read at the click: it may have ended since the last render.
  const requireMember = (event: MouseEvent) => {
    if (readSession('member')?.mno) return;
    event.preventDefault();
    window.alert(LOGIN_FIRST_MESSAGE);
    void navigate(paths.login);
  };

  return (
    <nav ref={strip} className="mypage-menu" aria-label="마이페이지 메뉴">
      {MYPAGE_MENU.map((group) => (
        <div key={group.heading} className="mypage-menu__group">
          <h2 className="mypage-menu__heading">{group.heading}</h2>
          <ul className="mypage-menu__list">
            {group.items.map((item) => (
              <li key={item.key}>
                <Link
                  to={item.to}
                  className={`mypage-menu__link${item.key === active ? ' is-active' : ''}`}
                  aria-current={item.key === active ? 'page' : undefined}
                  onClick={requireMember}
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
