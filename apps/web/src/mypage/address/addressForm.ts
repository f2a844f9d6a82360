import { ADDRESS_CHANGE_REQUIRED_MESSAGE, formatDefAddr, isRoadAddressLongEnough } from '@mkt/contracts';
import type { PostcodeResult } from './postcodeSearch';

/** The address screen's form: what the postcode widget fills in, and the save rule. */

export interface AddressFormValues {
  postalCode: string;
  roadAddress: string;
  jibunAddress: string;
  detailAddress: string;
  /** 참고항목: the legal dong and the apartment name, e.g. '(역삼동, 래미안)'. */
  extraAddress: string;
}

export const EMPTY_ADDRESS_FORM: AddressFormValues = {
  postalCode: '',
  roadAddress: '',
  jibunAddress: '',
  detailAddress: '',
  extraAddress: '',
};

export const POSTAL_CODE_REQUIRED_MESSAGE = '우편번호 5자리를 입력해 주세요.';

/** Typed postal codes keep their digits only, at most five. */
export function postalCodeDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, 5);
}

/**
 * The widget's answer as form fields, the way its guide builds them: the reference item names
 * the legal dong (a name ending in 동, 로 or 가) and, for an apartment, the building; the hint
 * shows the predicted road (or lot) address when the widget had to guess one.
 */
export function addressFromPostcode(result: PostcodeResult): {
  fields: Omit<AddressFormValues, 'detailAddress'>;
  hint: string;
} {
  const references: string[] = [];
  if (/[동로가]$/.test(result.bname)) references.push(result.bname);
  if (result.buildingName && result.apartment === 'Y') references.push(result.buildingName);
  const extraAddress = references.length > 0 ? `(${references.join(', ')})` : '';

  let hint = '';
  if (result.autoRoadAddress) {
    hint = `(예상 도로명 주소 : ${[result.autoRoadAddress, extraAddress].filter(Boolean).join(' ')})`;
  } else if (result.autoJibunAddress) {
    hint = `(예상 지번 주소 : ${result.autoJibunAddress})`;
  }

  return {
    fields: {
      postalCode: result.zonecode,
      roadAddress: result.roadAddress,
      jibunAddress: result.jibunAddress,
      extraAddress,
    },
    hint,
  };
}

export type AddressSavePlan = { kind: 'alert'; message: string } | { kind: 'send'; def_addr: string };

/** The spec's rule first (a road address longer than 2 characters), then a five-digit postal code. */
export function planAddressSave(values: AddressFormValues): AddressSavePlan {
  if (!isRoadAddressLongEnough(values.roadAddress)) {
    return { kind: 'alert', message: ADDRESS_CHANGE_REQUIRED_MESSAGE };
  }
  if (!/^\d{5}$/.test(values.postalCode.trim())) {
    return { kind: 'alert', message: POSTAL_CODE_REQUIRED_MESSAGE };
  }
  return { kind: 'send', def_addr: formatDefAddr(values) };
}
