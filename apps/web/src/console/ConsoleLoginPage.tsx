import { useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { LOGIN_SUCCESS_MESSAGE, LOGIN_FAILED_MESSAGE } from '../member/loginMessages';
import { HttpError } from '../shared/api/http';
import { paths } from '../shared/routing/paths';
import { useSession, WrongRoleError } from '../shared/session';
import { useDocumentTitle } from '../shared/ui/useDocumentTitle';
import { CONSOLE_LOGIN_FAILED_MESSAGE, CONSOLES, type ConsoleRole } from './consoleRoles';
import '../member/member.css';
import './console.css';

/** /admin/login and /seller/login: the member login call, accepted only for that role. */
export function ConsoleLoginPage({ role }: { role: ConsoleRole }) {
  const config = CONSOLES[role];
  useDocumentTitle(`${config.title} 로그인`);
  const session = useSession();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const loggedInHere = useRef(false);

  if (session[role] && !loggedInHere.current) return <Navigate to={config.root} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Enter submits only when both e-mail and password are filled.
    if (pending || !email.trim() || !password) return;
    setPending(true);
    try {
      loggedInHere.current = true;
      await session.login(email.trim(), password, role);
      window.alert(LOGIN_SUCCESS_MESSAGE);
      void navigate(config.root, { replace: true });
    } catch (error) {
      loggedInHere.current = false;
      if (error instanceof WrongRoleError) window.alert(config.wrongRoleMessage);
      else if (error instanceof HttpError && (error.status === 401 || error.status === 403))
        window.alert(CONSOLE_LOGIN_FAILED_MESSAGE);
      else window.alert(LOGIN_FAILED_MESSAGE);
      setPassword('');
    } finally {
      setPending(false);
    }
  };

  return (
    <main className="console-login">
      <section className="auth-card">
        <h1 className="auth-card__title">{config.title} 로그인</h1>
        <form className="auth-form" onSubmit={submit} noValidate>
          <input
            className="auth-input"
            type="email"
            name="email"
            autoComplete="username"
            placeholder="이메일"
            aria-label="이메일"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <input
            className="auth-input"
            type="password"
            name="password"
            autoComplete="current-password"
            placeholder="비밀번호"
            aria-label="비밀번호"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <button
            type="submit"
            className="auth-button auth-button--primary"
            disabled={pending || !email.trim() || !password}
          >
            로그인
          </button>
        </form>
        <div className="auth-links">
          <Link to={paths.home}>메인으로</Link>
        </div>
      </section>
    </main>
  );
}
