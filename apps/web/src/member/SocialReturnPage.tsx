import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { HttpError } from '../shared/api/http';
import { socialSignInRequest, socialTokenRequest } from '../shared/api/social';
import { paths } from '../shared/routing/paths';
import { readSession, saveSession } from '../shared/session';
import { useDocumentTitle } from '../shared/ui/useDocumentTitle';
import {
  pathAfterSocialSignIn,
  SOCIAL_CANCELLED_MESSAGE,
  SOCIAL_FAILED_MESSAGE,
  SOCIAL_INVALID_RETURN_MESSAGE,
  SOCIAL_SIGNING_IN_TEXT,
  socialProviderOf,
  takePendingSignIn,
} from './socialSignIn';
import './member.css';

/**
 * /member/{kakao,naver,google}/suc: the provider sends the browser back here with a code. The code
 * becomes a sign-in ticket, the ticket a login, stored like a password login; then home, or the
 * profile page for a member made by social sign-in.
 */
export function SocialReturnPage() {
  useDocumentTitle('간편 로그인');
  const { provider: name } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const provider = socialProviderOf(name);
    // Coming back to a finished sign-in (the browser's back button): nothing left to do here.
    if (readSession('member')) {
      void navigate(paths.home, { replace: true });
      return;
    }
    const pending = provider ? takePendingSignIn(provider, params.get('state')) : null;
    const code = params.get('code');
    if (params.get('error')) {
      setFailure(SOCIAL_CANCELLED_MESSAGE);
      return;
    }
    if (!provider || !pending || !code) {
      setFailure(SOCIAL_INVALID_RETURN_MESSAGE);
      return;
    }
    const signIn = async () => {
      const { accessToken } = await socialTokenRequest(provider, code, {
        redirect_uri: pending.redirectUri,
        state: params.get('state') ?? undefined,
      });
      const result = await socialSignInRequest(provider, accessToken);
      const role = saveSession(result);
      void navigate(pathAfterSocialSignIn(role, result.formSns), { replace: true });
    };
    signIn().catch((error: unknown) => {
      setFailure(error instanceof HttpError && error.message ? error.message : SOCIAL_FAILED_MESSAGE);
    });
  }, [name, params, navigate]);

  return (
    <section className="auth-page container">
      <div className="auth-card">
        <h1 className="auth-card__title">간편 로그인</h1>
        {failure ? (
          <div role="alert" className="social-return__failure">
            <p>{failure}</p>
            <Link to={paths.login} replace className="auth-button auth-button--primary">
              로그인 페이지로
            </Link>
          </div>
        ) : (
          <p role="status" className="social-return__status">
            {SOCIAL_SIGNING_IN_TEXT}
          </p>
        )}
      </div>
    </section>
  );
}
