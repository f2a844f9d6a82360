import {
  addressFromPostcode,
  EMPTY_ADDRESS_FORM,
  planAddressSave,
  postalCodeDigits,
  type AddressFormValues,
} from './addressForm';
import type { PostcodeResult } from './postcodeSearch';

const widgetAnswer = (overrides: Partial<PostcodeResult> = {}): PostcodeResult => ({
  zonecode: '06236',
  roadAddress: '서울 강남구 테헤란로 152',
  jibunAddress: '서울 강남구 역삼동 737',
  autoRoadAddress: '',
  autoJibunAddress: '',
  bname: '역삼동',
  buildingName: '강남파이낸스센터',
  apartment: 'N',
  ...overrides,
});

describe('address save', () => {
  const form = (values: Partial<AddressFormValues>): AddressFormValues => ({
    ...EMPTY_ADDRESS_FORM,
    ...values,
  });

  it('sends def_addr as (postal code) road address detail', () => {
    expect(
      planAddressSave(
        form({ postalCode: '04524', roadAddress: '서울 중구 세종대로 110', detailAddress: '3층' }),
      ),
    ).toEqual({ kind: 'send', def_addr: '(04524) 서울 중구 세종대로 110 3층' });
  });

  it('leaves no trailing space without a detail, and trims what was typed', () => {
    expect(
      planAddressSave(
        form({ postalCode: ' 04524', roadAddress: ' 서울 중구 세종대로 110 ', detailAddress: ' ' }),
      ),
    ).toEqual({ kind: 'send', def_addr: '(04524) 서울 중구 세종대로 110' });
  });

  it('keeps the lot address and the reference item out of def_addr', () => {
    expect(
      planAddressSave(
        form({
          postalCode: '06236',
          roadAddress: '서울 강남구 테헤란로 152',
          jibunAddress: '서울 강남구 역삼동 737',
          extraAddress: '(역삼동)',
          detailAddress: '12층',
        }),
      ),
    ).toEqual({ kind: 'send', def_addr: '(06236) 서울 강남구 테헤란로 152 12층' });
  });

  it('alerts when the road address is 2 characters or less, whatever else is filled', () => {
    const alert = { kind: 'alert', message: '변경할 주소를 입력해 주세요.' };
    expect(planAddressSave(EMPTY_ADDRESS_FORM)).toEqual(alert);
    expect(
      planAddressSave(form({ postalCode: '04524', roadAddress: ' 서울 ', detailAddress: '3층 302호' })),
    ).toEqual(alert);
    expect(planAddressSave(form({ postalCode: '04524', roadAddress: '서울시' }))).toMatchObject({
      kind: 'send',
    });
  });

  it('then needs a five-digit postal code', () => {
    const alert = { kind: 'alert', message: '우편번호 5자리를 입력해 주세요.' };
    expect(planAddressSave(form({ roadAddress: '서울 중구 세종대로 110' }))).toEqual(alert);
    expect(planAddressSave(form({ postalCode: '0452', roadAddress: '서울 중구 세종대로 110' }))).toEqual(
      alert,
    );
  });

  it('keeps the digits of a typed postal code, at most five', () => {
    expect(postalCodeDigits('04-52a4 9')).toBe('04524');
  });
});

describe('the postcode widget answer', () => {
  it('fills postal code, road and lot addresses, and the legal dong as reference item', () => {
    expect(addressFromPostcode(widgetAnswer())).toEqual({
      fields: {
        postalCode: '06236',
        roadAddress: '서울 강남구 테헤란로 152',
        jibunAddress: '서울 강남구 역삼동 737',
        extraAddress: '(역삼동)',
      },
      hint: '',
    });
  });

  it('names an apartment building, and no dong whose name does not end in 동, 로 or 가', () => {
    const answer = widgetAnswer({ bname: '역삼동', buildingName: '래미안', apartment: 'Y' });
    expect(addressFromPostcode(answer).fields.extraAddress).toBe('(역삼동, 래미안)');
    const village = widgetAnswer({ bname: '신리', buildingName: '래미안', apartment: 'Y' });
    expect(addressFromPostcode(village).fields.extraAddress).toBe('(래미안)');
    expect(addressFromPostcode(widgetAnswer({ bname: '' })).fields.extraAddress).toBe('');
  });

  it('hints the predicted road address, else the predicted lot address', () => {
    expect(addressFromPostcode(widgetAnswer({ autoRoadAddress: '서울 강남구 테헤란로 150' })).hint).toBe(
      '(예상 도로명 주소 : 서울 강남구 테헤란로 150 (역삼동))',
    );
    expect(addressFromPostcode(widgetAnswer({ autoJibunAddress: '서울 강남구 역삼동 736' })).hint).toBe(
      '(예상 지번 주소 : 서울 강남구 역삼동 736)',
    );
  });
});
