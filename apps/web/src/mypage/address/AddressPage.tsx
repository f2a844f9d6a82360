import { parseDefAddr } from '@mkt/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Field } from '../../member/FormFields';
import { rememberSavedMember } from '../../member/memberInfo';
import { PROFILE_SAVE_FAILED_MESSAGE, PROFILE_SAVED_MESSAGE } from '../../member/profileMessages';
import { modifyRequest } from '../../shared/api/members';
import { paths } from '../../shared/routing/paths';
import { useMyPageMember } from '../myPageContext';
import { MyPageSection } from '../MyPageSection';
import {
  addressFromPostcode,
  EMPTY_ADDRESS_FORM,
  planAddressSave,
  postalCodeDigits,
  type AddressFormValues,
} from './addressForm';
import { usePostcodeSearch, type PostcodeResult } from './postcodeSearch';
import '../../member/member.css';

type SaveState = 'editing' | 'saving' | 'submitted';

/**
 * /mypage/addr: the current address, read-only, and a new one from the postcode search (or typed
 * by hand where the search cannot load). Social sign-in members may use it too.
 */
export function AddressPage() {
  const member = useMyPageMember();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const postcode = usePostcodeSearch();
  const [values, setValues] = useState<AddressFormValues>(EMPTY_ADDRESS_FORM);
  const [hint, setHint] = useState('');
  const [saveState, setSaveState] = useState<SaveState>('editing');
  const roadInput = useRef<HTMLInputElement>(null);
  const detailInput = useRef<HTMLInputElement>(null);

  const manualEntry = postcode.status === 'unavailable';
  const current = parseDefAddr(member.def_addr);

  const edit =
    (field: keyof AddressFormValues, clean: (value: string) => string = (value) => value) =>
    (event: ChangeEvent<HTMLInputElement>) =>
      setValues((previous) => ({ ...previous, [field]: clean(event.target.value) }));

  const fillFromSearch = (result: PostcodeResult) => {
    const found = addressFromPostcode(result);
    setValues((previous) => ({ ...previous, ...found.fields }));
    setHint(found.hint);
    detailInput.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saveState !== 'editing') return;
    const plan = planAddressSave(values);
    if (plan.kind === 'alert') {
      window.alert(plan.message);
      roadInput.current?.focus();
      return;
    }
    setSaveState('saving');
    try {
      const saved = await modifyRequest({ def_addr: plan.def_addr });
      rememberSavedMember(queryClient, { ...member, ...saved });
      setSaveState('submitted');
    } catch {
      // The spec reports success whatever the answer; a refused save is reported as such instead.
      setSaveState('editing');
      window.alert(PROFILE_SAVE_FAILED_MESSAGE);
      return;
    }
    window.alert(PROFILE_SAVED_MESSAGE);
    void navigate(paths.mypage);
  };

  return (
    <MyPageSection title="배송지 관리">
      <div className="address-current">
        <h2 className="address-current__title">현재 배송지</h2>
        {current.address ? (
          <dl className="address-current__facts" data-testid="current-address">
            {current.postalCode ? (
              <div>
                <dt>우편번호</dt>
                <dd>{current.postalCode}</dd>
              </div>
            ) : null}
            <div>
              <dt>주소</dt>
              <dd>{current.address}</dd>
            </div>
          </dl>
        ) : (
          <p className="address-current__empty">등록된 배송지가 없습니다.</p>
        )}
      </div>

      <form className="join-form address-form" onSubmit={submit} noValidate>
        <h2 className="address-form__title">새 배송지</h2>
        <Field id="addr-postal" label="우편번호">
          <div className="address-form__postal">
            <input
              id="addr-postal"
              className="auth-input"
              type="text"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={5}
              readOnly={!manualEntry}
              placeholder={manualEntry ? '예) 04524' : undefined}
              value={values.postalCode}
              onChange={edit('postalCode', postalCodeDigits)}
            />
            <button
              type="button"
              className="btn"
              disabled={postcode.status !== 'ready'}
              onClick={() => postcode.open(fillFromSearch)}
            >
              우편번호 찾기
            </button>
          </div>
          {manualEntry ? (
            <p className="address-form__note" role="status">
              우편번호 검색을 사용할 수 없어 직접 입력합니다. 우편번호와 도로명주소를 입력해 주세요.
            </p>
          ) : null}
        </Field>
        <Field id="addr-road" label="도로명주소">
          <input
            ref={roadInput}
            id="addr-road"
            className="auth-input"
            type="text"
            autoComplete="address-line1"
            readOnly={!manualEntry}
            placeholder={manualEntry ? '예) 서울 중구 세종대로 110' : '우편번호 찾기로 입력됩니다'}
            value={values.roadAddress}
            onChange={edit('roadAddress')}
          />
        </Field>
        <Field id="addr-jibun" label="지번주소">
          <input
            id="addr-jibun"
            className="auth-input"
            type="text"
            readOnly
            value={values.jibunAddress}
            aria-describedby={hint ? 'addr-hint' : undefined}
          />
          {hint ? (
            <p className="address-form__hint" id="addr-hint" data-testid="address-hint">
              {hint}
            </p>
          ) : null}
        </Field>
        <Field id="addr-detail" label="상세주소">
          <input
            ref={detailInput}
            id="addr-detail"
            className="auth-input"
            type="text"
            autoComplete="address-line2"
            enterKeyHint="done"
            placeholder="동, 호수 등 상세주소"
            value={values.detailAddress}
            onChange={edit('detailAddress')}
          />
        </Field>
        <Field id="addr-extra" label="참고항목">
          <input id="addr-extra" className="auth-input" type="text" readOnly value={values.extraAddress} />
        </Field>
        <button type="submit" className="auth-button auth-button--primary" disabled={saveState !== 'editing'}>
          {saveState === 'submitted' ? '수정 완료' : '주소 수정'}
        </button>
      </form>
    </MyPageSection>
  );
}
