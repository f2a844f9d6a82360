import { Link } from 'react-router-dom';
import { paths } from '../shared/routing/paths';
import { useSession } from '../shared/session';
import { CustomerCenterMenu } from './CustomerCenterMenu';

/** Top-right links: sign-up and login (logged out) or '<name>님' and logout, then the customer centre. */
export function UserLinks() {
  const { member, logout } = useSession();
  return (
    <ul className="user-links">
      {member ? (
        <>
          <li>
            <Link to={paths.myOrders} className="user-links__item user-links__member">
              {member.m_name}님
            </Link>
          </li>
          <li>
            <button type="button" className="user-links__item" onClick={() => logout()}>
              로그아웃
            </button>
          </li>
        </>
      ) : (
        <>
          <li>
            <Link to={paths.join} className="user-links__item user-links__join">
              회원가입
            </Link>
          </li>
          <li>
            <Link to={paths.login} className="user-links__item">
              로그인
            </Link>
          </li>
        </>
      )}
      <li>
        <CustomerCenterMenu />
      </li>
    </ul>
  );
}
