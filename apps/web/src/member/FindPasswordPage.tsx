import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { JOIN_MESSAGES, JOIN_RULES } from '@mkt/contracts';
import { HttpError } from '../shared/api/http';
import { passwordResetRequest } from '../shared/api/members';
import { paths } from '../shared/routing/paths';
import { useDocumentTitle } from '../shared/ui/useDocumentTitle';
import './member.css';

/** The answer whether or not the address has an account: the page never tells. */
export const RESET_MAIL_SENT_MESSAGE =
  '가입된 이메일이라면 비밀번호 재설정 링크를 보냈습니다. 메일함을 확인해 주세요. 링크는 30분 동안 한 번만 쓸 수 있습니다.';

/** /member/find-password (비밀번호 찾기): asks for a reset link by e-mail. */
export function FindPasswordPage() {
  useDocumentTitle('비밀번호 찾기');
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [sent, setSent] = useState(false);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const address = email.trim();
    if (!JOIN_RULES.email.test(address)) {
      setError(JOIN_MESSAGES.email);
      return;
    }
    setError('');
    setPending(true);
    try {
      await passwordResetRequest(address);
      setSent(true);
    } catch (failure) {
      setError(
        failure instanceof HttpError ? failure.message : '요청에 실패했습니다. 잠시 후 다시 시도해 주세요.',
      );
    } finally {
      setPending(false);
    }
  };

  return (
    <section className="auth-page container">
      <div className="auth-card">
        <h1 className="auth-card__title">비밀번호 찾기</h1>
        {sent ? (
          <p role="status" className="auth-notice" data-testid="reset-mail-sent">
            {RESET_MAIL_SENT_MESSAGE}
          </p>
        ) : (
          <form className="auth-form" onSubmit={submit} noValidate>
            <p className="auth-form__lead">
              가입한 이메일을 입력하시면 비밀번호를 다시 정할 수 있는 링크를 보내 드립니다.
            </p>
            <label className="auth-field">
              <span className="sr-only">이메일</span>
              <input
                className="auth-input"
                type="email"
                autoComplete="email"
                placeholder="이메일"
                value={email}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'find-password-error' : undefined}
                onChange={(event) => setEmail(event.target.value)}
              />
            </label>
            {error ? (
              <p className="join-field__error" id="find-password-error" role="alert">
                {error}
              </p>
            ) : null}
            <button type="submit" className="auth-button auth-button--primary" disabled={pending}>
              재설정 링크 받기
            </button>
          </form>
        )}
        <div className="auth-links">
          <Link to={paths.login}>로그인으로 돌아가기</Link>
        </div>
      </div>
    </section>
  );
}
