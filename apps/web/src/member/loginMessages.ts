import { AuthErrors } from '@mkt/contracts';
import { HttpError } from '../shared/api/http';

export const LOGIN_SUCCESS_MESSAGE = '로그인되었습니다.';
export const ALREADY_LOGGED_IN_MESSAGE = '이미 로그인되어 있습니다.';
export const LOGIN_CHECK_MESSAGE = '이메일과 비밀번호를 확인해 주세요.';
export const LOGIN_FAILED_MESSAGE = '로그인에 실패했습니다. 다시 시도해 주세요.';
export const REMEMBER_EMAIL_COOKIE = 'rememberEmail';
export const REMEMBER_EMAIL_SECONDS = 365 * 24 * 60 * 60;

/** The alert of a failed member login: the banned account's server message, else the usual ones. */
export function loginFailureMessage(error: unknown): string {
  if (error instanceof HttpError) {
    if (error.code === AuthErrors.banned || error.status === 403) return error.message || LOGIN_CHECK_MESSAGE;
    if (error.status === 401) return LOGIN_CHECK_MESSAGE;
  }
  return LOGIN_FAILED_MESSAGE;
}
