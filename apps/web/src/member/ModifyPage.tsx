import type { MemberDto } from '@mkt/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { HttpError } from '../shared/api/http';
import { modifyRequest } from '../shared/api/members';
import { paths } from '../shared/routing/paths';
import { clearSession } from '../shared/session';
import { useDocumentTitle } from '../shared/ui/useDocumentTitle';
import { phoneDigits } from './joinForm';
import { rememberSavedMember, useMemberInfo } from './memberInfo';
import {
  modifyFormOf,
  planModify,
  validateModify,
  type ModifyField,
  type ModifyFormValues,
} from './modifyForm';
import {
  PROFILE_LOAD_FAILED_MESSAGE,
  PROFILE_LOADING_TEXT,
  PROFILE_SAVE_FAILED_MESSAGE,
  PROFILE_SAVED_LOGOUT_MESSAGE,
  PROFILE_SAVED_MESSAGE,
} from './profileMessages';
import { useProfileGuard } from './useProfileGuard';
import { Field, GenderRadios } from './FormFields';
import './member.css';

/** /member/modify: the profile edit, after the password re-check. */
export function ModifyPage() {
  useDocumentTitle('회원 정보 수정');
  const member = useProfileGuard();
  const info = useMemberInfo(member?.email);

  useEffect(() => {
    if (info.isError) window.alert(PROFILE_LOAD_FAILED_MESSAGE);
  }, [info.isError]);

  if (!member) return null;

  return (
    <section className="auth-page container">
      <div className="auth-card auth-card--wide">
        <h1 className="auth-card__title">회원 정보 수정</h1>
        {info.isPending ? <p className="join-note">{PROFILE_LOADING_TEXT}</p> : null}
        {info.isError ? <p className="join-note">{PROFILE_LOAD_FAILED_MESSAGE}</p> : null}
        {info.data ? <ModifyForm key={info.data.mno} loaded={info.data} /> : null}
      </div>
    </section>
  );
}

function ModifyForm({ loaded }: { loaded: MemberDto }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [base, setBase] = useState<MemberDto>(loaded);
  const [values, setValues] = useState<ModifyFormValues>(() => modifyFormOf(loaded));
  const [visited, setVisited] = useState<ReadonlySet<ModifyField>>(() => new Set());
  const [pending, setPending] = useState(false);

  const errors = useMemo(() => validateModify(values), [values]);
  const visit = (field: ModifyField) =>
    setVisited((current) => (current.has(field) ? current : new Set(current).add(field)));
  const set = <K extends ModifyField>(field: K, value: ModifyFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    visit(field);
  };
  const shown = (field: ModifyField) => (visited.has(field) ? errors[field] : undefined);
  const text = (field: ModifyField, id: string) => ({
    id,
    name: field,
    className: 'auth-input',
    value: values[field] as string,
    onBlur: () => visit(field),
    'aria-invalid': shown(field) ? true : undefined,
    'aria-describedby': shown(field) ? `${id}-error` : undefined,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const plan = planModify(base, values);
    if (plan.kind === 'alert') {
      window.alert(plan.message);
      return;
    }
    if (plan.kind === 'invalid') {
      setVisited((current) => new Set([...current, ...(Object.keys(plan.errors) as ModifyField[])]));
      return;
    }
    setPending(true);
    try {
      const saved = await modifyRequest(plan.body);
      if (plan.passwordChange) {
        window.alert(PROFILE_SAVED_LOGOUT_MESSAGE);
        // The server ended every session of the member: only the local login is left to clear.
        clearSession('member');
        queryClient.removeQueries({ queryKey: ['member', 'info'] });
        void navigate(paths.login, { replace: true });
        return;
      }
      window.alert(PROFILE_SAVED_MESSAGE);
      const next: MemberDto = { ...base, ...saved };
      rememberSavedMember(queryClient, next);
      setBase(next);
      setValues(modifyFormOf(next));
      void navigate(paths.mypage);
    } catch (error) {
      if (error instanceof HttpError && error.code === 'WRONG_PASSWORD') {
        window.alert(error.message);
      } else {
        window.alert(PROFILE_SAVE_FAILED_MESSAGE);
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="join-form" onSubmit={submit} noValidate>
      <Field id="modify-email" label="이메일">
        <input id="modify-email" className="auth-input" type="email" value={base.email} readOnly />
      </Field>
      <Field id="modify-name" label="이름" error={shown('m_name')}>
        <input
          {...text('m_name', 'modify-name')}
          type="text"
          autoComplete="name"
          onChange={(event) => set('m_name', event.target.value)}
        />
      </Field>
      <Field id="modify-nickname" label="닉네임" error={shown('m_nickname')}>
        <input
          {...text('m_nickname', 'modify-nickname')}
          type="text"
          autoComplete="nickname"
          onChange={(event) => set('m_nickname', event.target.value)}
        />
      </Field>
      <Field id="modify-phone" label="휴대폰 번호" error={shown('m_phoNum')}>
        <input
          {...text('m_phoNum', 'modify-phone')}
          type="tel"
          inputMode="numeric"
          maxLength={11}
          autoComplete="tel-national"
          onChange={(event) => set('m_phoNum', phoneDigits(event.target.value))}
        />
      </Field>
      <Field id="modify-address" label="주소" error={shown('def_addr')}>
        <input
          {...text('def_addr', 'modify-address')}
          type="text"
          autoComplete="street-address"
          onChange={(event) => set('def_addr', event.target.value)}
        />
      </Field>
      <GenderRadios idPrefix="modify" value={values.isMan} onChange={(isMan) => set('isMan', isMan)} />
      <div className="join-agree">
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
      <Field id="modify-birth" label="생년월일">
        <input id="modify-birth" className="auth-input" type="text" value={base.birth ?? ''} readOnly />
      </Field>
      <Field id="modify-now-pw" label="현재 비밀번호" error={shown('now_pw')}>
        <input
          {...text('now_pw', 'modify-now-pw')}
          type="password"
          autoComplete="current-password"
          onChange={(event) => set('now_pw', event.target.value)}
        />
      </Field>
      <Field id="modify-new-pw" label="새 비밀번호" error={shown('new_m_pw')}>
        <input
          {...text('new_m_pw', 'modify-new-pw')}
          type="password"
          autoComplete="new-password"
          placeholder="영문, 숫자, 특수문자 포함 8자 이상"
          onChange={(event) => set('new_m_pw', event.target.value)}
        />
      </Field>
      <Field id="modify-new-pw-confirm" label="새 비밀번호 확인" error={shown('new_m_pw_confirm')}>
        <input
          {...text('new_m_pw_confirm', 'modify-new-pw-confirm')}
          type="password"
          autoComplete="new-password"
          onChange={(event) => set('new_m_pw_confirm', event.target.value)}
        />
      </Field>
      <button type="submit" className="auth-button auth-button--primary" disabled={pending}>
        수정하기
      </button>
    </form>
  );
}
