import { formatDefAddr, isRoadAddressLongEnough, parseDefAddr } from './address';
import { modifySchema } from './members';

describe('def_addr', () => {
  it('is written (postal code) road address detail', () => {
    expect(
      formatDefAddr({ postalCode: '04524', roadAddress: '서울 중구 세종대로 110', detailAddress: '3층' }),
    ).toBe('(04524) 서울 중구 세종대로 110 3층');
    expect(
      formatDefAddr({ postalCode: ' 04524 ', roadAddress: ' 서울 중구 세종대로 110 ', detailAddress: '  ' }),
    ).toBe('(04524) 서울 중구 세종대로 110');
    expect(
      formatDefAddr({ postalCode: '', roadAddress: '서울 중구 세종대로 110', detailAddress: '3층' }),
    ).toBe('서울 중구 세종대로 110 3층');
  });

  it('reads back the postal code and the rest', () => {
    expect(parseDefAddr('(04524) 서울 중구 세종대로 110 3층')).toEqual({
      postalCode: '04524',
      address: '서울 중구 세종대로 110 3층',
    });
    const written = formatDefAddr({
      postalCode: '06236',
      roadAddress: '서울 강남구 테헤란로 1',
      detailAddress: '',
    });
    expect(parseDefAddr(written)).toEqual({ postalCode: '06236', address: '서울 강남구 테헤란로 1' });
  });

  it('keeps an address without a five-digit postal code whole', () => {
    expect(parseDefAddr('서울 중구 세종대로 110')).toEqual({
      postalCode: null,
      address: '서울 중구 세종대로 110',
    });
    expect(parseDefAddr('(123) 서울')).toEqual({ postalCode: null, address: '(123) 서울' });
    expect(parseDefAddr('')).toEqual({ postalCode: null, address: '' });
  });

  it('needs a road address longer than 2 characters', () => {
    expect(isRoadAddressLongEnough('서울시')).toBe(true);
    expect(isRoadAddressLongEnough(' 서울 ')).toBe(false);
    expect(isRoadAddressLongEnough('')).toBe(false);
  });
});

describe('the modify rule for def_addr (web and server)', () => {
  const defAddrOf = (def_addr: unknown) => {
    const result = modifySchema.safeParse({ def_addr });
    return result.success
      ? { ok: true, value: result.data.def_addr }
      : { ok: false, message: result.error.issues[0]?.message };
  };

  it('accepts an address whose part after the postal code is longer than 2 characters, trimmed', () => {
    expect(defAddrOf(' (04524) 서울 중구 세종대로 110 3층 ')).toEqual({
      ok: true,
      value: '(04524) 서울 중구 세종대로 110 3층',
    });
    expect(defAddrOf('서울 중구')).toEqual({ ok: true, value: '서울 중구' });
  });

  it.each([
    ['blank', '   '],
    ['a postal code alone', '(04524)'],
    ['a two-character address after the postal code', '(04524) 서울'],
    ['a two-character address', '서울'],
  ])('refuses %s with the address message', (_case, value) => {
    expect(defAddrOf(value)).toEqual({ ok: false, message: '변경할 주소를 입력해 주세요.' });
  });

  it('leaves def_addr out when it is not sent', () => {
    expect(modifySchema.safeParse({ m_nickname: '딜러' }).success).toBe(true);
  });
});
