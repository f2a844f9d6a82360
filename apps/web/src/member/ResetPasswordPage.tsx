import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { JOIN_MESSAGES, JOIN_RULES } from '@mkt/contracts';
import { HttpError } from '../shared/api/http';
import { passwordResetConfirm } from '../shared/api/members';
import { paths } from '../shared/routing/paths';
import { clearSession } from '../shared/session';
import { useDocumentTitle } from '../shared/ui/useDocumentTitle';
import './member.css';

export const PASSWORD_RESET_DONE_MESSAGE = '비밀번호가 변경되었습니다. 새 비밀번호로 로그인해 주세요.';
const NO_TOKEN_MESSAGE =
  '재설정 링크가 올바르지 않습니다. 메일의 링크를 그대로 열거나 비밀번호 찾기를 다시 해 주세요.';

/** The link's token rides in the fragment (#token=…), which no server, log or Referer sees. */
function tokenOfLink(): string {
  return new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token') ?? '';
}

/** /member/reset-password#token=…: the e-mailed link's page, where the new password is set. */
export function ResetPasswordPage() {
  useDocumentTitle('비밀번호 재설정');
  const navigate = useNavigate();
  const [token] = useState(tokenOfLink);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState(token ? '' : NO_TOKEN_MESSAGE);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || !token) return;
    if (!JOIN_RULES.password.test(password)) {
      setError(JOIN_MESSAGES.password);
      return;
    }
    if (password !== confirm) {
      setError(JOIN_MESSAGES.passwordConfirm);
      return;
    }
    setError('');
    setPending(true);
    try {
      await passwordResetConfirm(token, password);
      // Every session of the member ended on the server: this browser's member login too.
      clearSession('member');
      window.alert(PASSWORD_RESET_DONE_MESSAGE);
      void navigate(paths.login, { replace: true });
    } catch (failure) {
      setError(
        failure instanceof HttpError ? failure.message : '비밀번호를 바꾸지 못했습니다. 다시 시도해 주세요.',
      );
    } finally {
      setPending(false);
    }
  };

  return (
    <section className="auth-page container">
      <div className="auth-card">
        <h1 className="auth-card__title">비밀번호 재설정</h1>
        <form className="auth-form" onSubmit={submit} noValidate>
          <label className="auth-field">
            <span className="sr-only">새 비밀번호</span>
            <input
              className="auth-input"
              type="password"
              autoComplete="new-password"
              placeholder="새 비밀번호 (영문, 숫자, 특수문자 포함 8자 이상)"
              value={password}
              disabled={!token}
              onChange={(event) => setPassword(event.target.value)}
            />
          </label>
          <label className="auth-field">
            <span className="sr-only">새 비밀번호 확인</span>
            <input
              className="auth-input"
              type="password"
              autoComplete="new-password"
              placeholder="새 비밀번호 확인"
              value={confirm}
              disabled={!token}
              onChange={(event) => setConfirm(event.target.value)}
            />
          </label>
          {error ? (
            <p className="join-field__error" role="alert" data-testid="reset-password-error">
              {error}
            </p>
          ) : null}
          <button type="submit" className="auth-button auth-button--primary" disabled={pending || !token}>
            비밀번호 변경
          </button>
        </form>
        <div className="auth-links">
          <Link to={paths.findPassword}>비밀번호 찾기</Link>
          <Link to={paths.login}>로그인</Link>
        </div>
      </div>
    </section>
  );
}
