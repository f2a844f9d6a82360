import type { MemberDto } from '@mkt/contracts';
import { modifyFormOf, planModify } from './modifyForm';

const member: MemberDto = {
  mno: 7,
  email: 'kim@dealmarket.kr',
  m_email: 'kim@dealmarket.kr',
  m_name: '김딜러',
  m_nickname: '딜러',
  m_phoNum: '01012345678',
  def_addr: '서울',
  isMan: true,
  ad_agree: false,
  info_agree: true,
  totalPay: 0,
  membership: ['USER'],
  birth: '1990-01-02',
  formSns: false,
  isBan: false,
  role: 'MEMBER',
  businessName: null,
};

describe('profile edit submit rules', () => {
  const form = modifyFormOf(member);

  it('nothing changed, then a new password without the current one, then a mismatch', () => {
    expect(planModify(member, form)).toEqual({ kind: 'alert', message: '변경할 내용을 입력해 주세요.' });
    expect(planModify(member, { ...form, now_pw: 'abcd1234!' })).toMatchObject({ kind: 'alert' });
    expect(planModify(member, { ...form, new_m_pw: 'efgh5678@' })).toEqual({
      kind: 'alert',
      message: '비밀번호를 변경하려면 현재 비밀번호를 입력해 주세요.',
    });
    expect(
      planModify(member, { ...form, now_pw: 'abcd1234!', new_m_pw: 'efgh5678@', new_m_pw_confirm: 'x' }),
    ).toEqual({ kind: 'alert', message: '새 비밀번호가 일치하지 않습니다.' });
  });

  it('sends only the changed fields, and the passwords for a change', () => {
    expect(planModify(member, { ...form, m_nickname: '새닉', ad_agree: true, now_pw: 'abc' })).toEqual({
      kind: 'send',
      body: { m_nickname: '새닉', ad_agree: true },
      passwordChange: false,
    });
    expect(
      planModify(member, {
        ...form,
        now_pw: 'abcd1234!',
        new_m_pw: 'efgh5678@',
        new_m_pw_confirm: 'efgh5678@',
      }),
    ).toEqual({ kind: 'send', body: { now_pw: 'abcd1234!', new_m_pw: 'efgh5678@' }, passwordChange: true });
  });

  it('a changed field that breaks its rule is not sent', () => {
    expect(planModify(member, { ...form, m_phoNum: '0212' })).toEqual({
      kind: 'invalid',
      errors: { m_phoNum: '휴대폰 번호는 01로 시작하는 10~11자리 숫자여야 합니다.' },
    });
    expect(
      planModify(member, { ...form, now_pw: 'a', new_m_pw: 'short', new_m_pw_confirm: 'short' }),
    ).toMatchObject({ kind: 'invalid', errors: { new_m_pw: expect.any(String) } });
    expect(planModify(member, { ...form, def_addr: '부산' })).toEqual({
      kind: 'invalid',
      errors: { def_addr: '변경할 주소를 입력해 주세요.' },
    });
  });
});
