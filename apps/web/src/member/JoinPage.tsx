import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { HttpError } from '../shared/api/http';
import { joinRequest } from '../shared/api/members';
import { paths } from '../shared/routing/paths';
import { readSession } from '../shared/session';
import { useDocumentTitle } from '../shared/ui/useDocumentTitle';
import {
  EMPTY_JOIN_FORM,
  phoneDigits,
  toJoinRequest,
  validateJoin,
  type JoinField,
  type JoinFormValues,
} from './joinForm';
import { ALREADY_LOGGED_IN_MESSAGE } from './loginMessages';
import { Field, GenderRadios } from './FormFields';
import './member.css';

export const JOIN_SUCCESS_MESSAGE = '회원가입이 완료되었습니다.';
export const JOIN_FAILED_MESSAGE = '회원가입에 실패했습니다.';

/** /member/join: messages under each field as the visitor types or leaves it; 가입하기 waits for a valid form. */
export function JoinPage() {
  useDocumentTitle('회원가입');
  const navigate = useNavigate();
  const [values, setValues] = useState<JoinFormValues>(EMPTY_JOIN_FORM);
  const [visited, setVisited] = useState<ReadonlySet<JoinField>>(() => new Set());
  const [serverEmailError, setServerEmailError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const checkedOnOpen = useRef(false);

  useEffect(() => {
    if (checkedOnOpen.current) return;
    checkedOnOpen.current = true;
    if (readSession('member')) {
      window.alert(ALREADY_LOGGED_IN_MESSAGE);
      void navigate(paths.home, { replace: true });
    }
  }, [navigate]);

  const errors = useMemo(() => validateJoin(values), [values]);
  const request = useMemo(() => toJoinRequest(values), [values]);

  const visit = (field: JoinField) =>
    setVisited((current) => (current.has(field) ? current : new Set(current).add(field)));
  const set = <K extends JoinField>(field: K, value: JoinFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (field === 'email') setServerEmailError(null);
    visit(field);
  };
  const shown = (field: JoinField): string | undefined => {
    if (field === 'email' && serverEmailError) return serverEmailError;
    return visited.has(field) ? errors[field] : undefined;
  };
  const describedBy = (field: JoinField, id: string) => (shown(field) ? `${id}-error` : undefined);
  const text = (field: JoinField, id: string) => ({
    id,
    name: field,
    className: 'auth-input',
    value: values[field] as string,
    onBlur: () => visit(field),
    'aria-required': field === 'birth' ? undefined : true,
    'aria-invalid': shown(field) ? true : undefined,
    'aria-describedby': describedBy(field, id),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!request || pending) return;
    setPending(true);
    try {
      await joinRequest(request);
      window.alert(JOIN_SUCCESS_MESSAGE);
      void navigate(paths.home);
    } catch (error) {
      if (error instanceof HttpError && error.status === 409) {
        setServerEmailError(error.message);
        document.getElementById('join-email')?.focus();
      } else {
        window.alert(JOIN_FAILED_MESSAGE);
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <section className="auth-page container">
      <div className="auth-card auth-card--wide">
        <h1 className="auth-card__title">회원가입</h1>
        <p className="join-note">
          <span className="join-field__required">*</span> 필수 입력 항목
        </p>
        <form className="join-form" onSubmit={submit} noValidate>
          <Field id="join-email" label="이메일" required error={shown('email')}>
            <input
              {...text('email', 'join-email')}
              type="email"
              autoComplete="email"
              placeholder="example@dealmarket.kr"
              onChange={(event) => set('email', event.target.value)}
            />
          </Field>
          <Field id="join-password" label="비밀번호" required error={shown('m_pw')}>
            <input
              {...text('m_pw', 'join-password')}
              type="password"
              autoComplete="new-password"
              placeholder="영문, 숫자, 특수문자 포함 8자 이상"
              onChange={(event) => set('m_pw', event.target.value)}
            />
          </Field>
          <Field id="join-password-confirm" label="비밀번호 확인" required error={shown('m_pw_confirm')}>
            <input
              {...text('m_pw_confirm', 'join-password-confirm')}
              type="password"
              autoComplete="new-password"
              placeholder="비밀번호를 한 번 더 입력해 주세요"
              onChange={(event) => set('m_pw_confirm', event.target.value)}
            />
          </Field>
          <Field id="join-name" label="이름" required error={shown('m_name')}>
            <input
              {...text('m_name', 'join-name')}
              type="text"
              autoComplete="name"
              placeholder="이름"
              onChange={(event) => set('m_name', event.target.value)}
            />
          </Field>
          <Field id="join-nickname" label="닉네임" required error={shown('m_nickname')}>
            <input
              {...text('m_nickname', 'join-nickname')}
              type="text"
              autoComplete="nickname"
              placeholder="닉네임"
              onChange={(event) => set('m_nickname', event.target.value)}
            />
          </Field>
          <Field id="join-phone" label="휴대폰 번호" required error={shown('m_phoNum')}>
            <input
              {...text('m_phoNum', 'join-phone')}
              type="tel"
              inputMode="numeric"
              maxLength={11}
              autoComplete="tel-national"
              placeholder="숫자만 입력 (예: 01012345678)"
              onChange={(event) => set('m_phoNum', phoneDigits(event.target.value))}
            />
          </Field>
          <Field id="join-address" label="주소" required error={shown('def_addr')}>
            <input
              {...text('def_addr', 'join-address')}
              type="text"
              autoComplete="street-address"
              placeholder="주소"
              onChange={(event) => set('def_addr', event.target.value)}
            />
          </Field>
          <GenderRadios
            idPrefix="join"
            required
            value={values.isMan}
            onChange={(isMan) => set('isMan', isMan)}
            onBlur={() => visit('isMan')}
            error={shown('isMan')}
            errorTestId="join-gender-error"
          />
          <Field id="join-birth" label="생년월일" error={shown('birth')}>
            <input
              {...text('birth', 'join-birth')}
              type="date"
              onChange={(event) => set('birth', event.target.value)}
            />
          </Field>
          <div className="join-agree">
            <label className="auth-check">
              <input
                type="checkbox"
                name="info_agree"
                checked={values.info_agree}
                onChange={(event) => set('info_agree', event.target.checked)}
                onBlur={() => visit('info_agree')}
              />
              <span>[필수] 개인정보 수집·이용에 동의합니다.</span>
            </label>
            {shown('info_agree') ? (
              <p className="join-field__error" role="alert" data-testid="join-info-agree-error">
                {shown('info_agree')}
              </p>
            ) : null}
            <label className="auth-check">
              <input
                type="checkbox"
                name="ad_agree"
                checked={values.ad_agree}
                onChange={(event) => set('ad_agree', event.target.checked)}
              />
              <span>[선택] 광고성 정보 수신에 동의합니다.</span>
            </label>
          </div>
          <button type="submit" className="auth-button auth-button--primary" disabled={!request || pending}>
            가입하기
          </button>
        </form>
      </div>
    </section>
  );
}
