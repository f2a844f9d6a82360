import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { HttpError } from '../shared/api/http';
import { checkPasswordRequest } from '../shared/api/members';
import { paths } from '../shared/routing/paths';
import { useDocumentTitle } from '../shared/ui/useDocumentTitle';
import { PASSWORD_CHECK_WRONG_MESSAGE } from './profileMessages';
import { useProfileGuard } from './useProfileGuard';
import './member.css';

/** /member/check: the password re-check before the profile edit; success goes to ./modify. */
export function PasswordCheckPage() {
  useDocumentTitle('비밀번호 확인');
  const navigate = useNavigate();
  const member = useProfileGuard();
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!member || pending) return;
    setPending(true);
    try {
      const result = await checkPasswordRequest(member.email, password);
      if (result?.error === false) {
        void navigate(paths.memberModify);
        return;
      }
      window.alert(PASSWORD_CHECK_WRONG_MESSAGE);
      setPassword('');
    } catch (error) {
      // Too many wrong passwords: the server's message says how long to wait.
      const locked = error instanceof HttpError && error.status === 429;
      window.alert(locked ? error.message : PASSWORD_CHECK_WRONG_MESSAGE);
    } finally {
      setPending(false);
    }
  };

  if (!member) return null;

  return (
    <section className="auth-page container">
      <div className="auth-card">
        <h1 className="auth-card__title">비밀번호 확인</h1>
        <p className="join-note">회원 정보를 수정하려면 비밀번호를 다시 입력해 주세요.</p>
        <form className="auth-form" onSubmit={submit} noValidate>
          <label className="auth-field">
            <span className="sr-only">이메일</span>
            <input className="auth-input" type="email" value={member.email} readOnly aria-readonly="true" />
          </label>
          <label className="auth-field">
            <span className="sr-only">비밀번호</span>
            <input
              className="auth-input"
              type="password"
              name="password"
              autoComplete="current-password"
              placeholder="비밀번호"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </label>
          <button type="submit" className="auth-button auth-button--primary" disabled={pending}>
            확인
          </button>
        </form>
      </div>
    </section>
  );
}
