import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { socialProviders } from '../shared/api/social';
import { paths } from '../shared/routing/paths';
import { useGoBack } from '../shared/routing/useGoBack';
import { getCookie, readSession, removeCookie, setCookie, useSession } from '../shared/session';
import { useDocumentTitle } from '../shared/ui/useDocumentTitle';
import {
  ALREADY_LOGGED_IN_MESSAGE,
  LOGIN_SUCCESS_MESSAGE,
  loginFailureMessage,
  REMEMBER_EMAIL_COOKIE,
  REMEMBER_EMAIL_SECONDS,
} from './loginMessages';
import { beginSocialSignIn, SOCIAL_BUTTON_LABELS } from './socialSignIn';
import './member.css';

/** /member/login: e-mail and password, a remembered e-mail, and the social sign-in buttons. */
export function LoginPage() {
  useDocumentTitle('로그인');
  const { login } = useSession();
  const goBack = useGoBack();
  const [email, setEmail] = useState(() => getCookie(REMEMBER_EMAIL_COOKIE) ?? '');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(() => getCookie(REMEMBER_EMAIL_COOKIE) !== null);
  const [pending, setPending] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const checkedOnOpen = useRef(false);
  const social = useQuery({
    queryKey: ['social-providers'],
    queryFn: ({ signal }) => socialProviders(signal),
  });

  // Only on opening the page: a login made here must not count as 'already logged in'.
  useEffect(() => {
    if (checkedOnOpen.current) return;
    checkedOnOpen.current = true;
    if (readSession('member')) {
      window.alert(ALREADY_LOGGED_IN_MESSAGE);
      goBack();
    }
  }, [goBack]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const id = email.trim();
    // Enter (or the button) submits only when both fields are filled.
    if (!id || !password) {
      (id ? passwordRef : emailRef).current?.focus();
      return;
    }
    setPending(true);
    try {
      await login(id, password);
      if (remember) setCookie(REMEMBER_EMAIL_COOKIE, id, { maxAgeSeconds: REMEMBER_EMAIL_SECONDS });
      else removeCookie(REMEMBER_EMAIL_COOKIE);
      window.alert(LOGIN_SUCCESS_MESSAGE);
      goBack();
    } catch (error) {
      window.alert(loginFailureMessage(error));
      setPassword('');
      passwordRef.current?.focus();
    } finally {
      setPending(false);
    }
  };

  return (
    <section className="auth-page container">
      <div className="auth-card">
        <h1 className="auth-card__title">로그인</h1>
        <form className="auth-form" onSubmit={submit} noValidate>
          <label className="auth-field">
            <span className="sr-only">이메일</span>
            <input
              ref={emailRef}
              className="auth-input"
              type="email"
              name="email"
              autoComplete="username"
              placeholder="이메일"
              aria-label="이메일"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </label>
          <label className="auth-field">
            <span className="sr-only">비밀번호</span>
            <input
              ref={passwordRef}
              className="auth-input"
              type="password"
              name="password"
              autoComplete="current-password"
              placeholder="비밀번호 (8~20자)"
              aria-label="비밀번호"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </label>
          <label className="auth-check">
            <input
              type="checkbox"
              checked={remember}
              onChange={(event) => setRemember(event.target.checked)}
            />
            <span>이메일 저장</span>
          </label>
          <button type="submit" className="auth-button auth-button--primary" disabled={pending}>
            로그인
          </button>
        </form>
        <div className="auth-links">
          <Link to={paths.findPassword}>비밀번호 찾기</Link>
        </div>
        <div className="auth-links">
          <span>아직 회원이 아니신가요?</span>
          <Link to={paths.join} className="auth-links__join">
            회원가입
          </Link>
        </div>
        {social.data?.length ? (
          <div className="auth-social" role="group" aria-label="간편 로그인">
            {social.data.map((link) => (
              <button
                key={link.provider}
                type="button"
                className={`auth-social__button auth-social__button--${link.provider}`}
                onClick={() => window.location.assign(beginSocialSignIn(link, window.location.origin))}
              >
                {SOCIAL_BUTTON_LABELS[link.provider]}
              </button>
            ))}
          </div>
        ) : null}
      </div>
    </section>
  );
}
