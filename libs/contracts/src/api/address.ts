import { z } from 'zod';

/**
 * A member's address (def_addr) as the address screen writes it: '(postal code) road address
 * detail', e.g. '(04524) 서울 중구 세종대로 110 3층'. Addresses typed at join or in the profile
 * edit may lack the postal-code prefix.
 */

export interface DefAddrParts {
  postalCode: string;
  roadAddress: string;
  detailAddress: string;
}

/** ('04524', '서울 중구 세종대로 110', '3층') -> '(04524) 서울 중구 세종대로 110 3층'; empty parts are left out. */
export function formatDefAddr({ postalCode, roadAddress, detailAddress }: DefAddrParts): string {
  const parts = [postalCode.trim() ? `(${postalCode.trim()})` : '', roadAddress.trim(), detailAddress.trim()];
  return parts.filter(Boolean).join(' ');
}

const POSTAL_PREFIX = /^\s*\((\d{5})\)\s*/;

/**
 * '(04524) 서울 중구 세종대로 110 3층' -> { postalCode: '04524', address: '서울 중구 세종대로 110 3층' }.
 * Road address and detail are joined by a space, so they cannot be told apart again.
 */
export function parseDefAddr(defAddr: string): { postalCode: string | null; address: string } {
  const prefix = POSTAL_PREFIX.exec(defAddr);
  if (!prefix) return { postalCode: null, address: defAddr.trim() };
  return { postalCode: prefix[1], address: defAddr.slice(prefix[0].length).trim() };
}

/** The spec's address save rule: the road address is longer than 2 characters. */
export function isRoadAddressLongEnough(roadAddress: string): boolean {
  return roadAddress.trim().length > 2;
}

export const ADDRESS_CHANGE_REQUIRED_MESSAGE = '변경할 주소를 입력해 주세요.';

/**
 * def_addr of a profile change. The server cannot tell the road address from the detail, so it
 * applies the length rule to everything after the postal code; the address screen checks the
 * road address alone before sending.
 */
export const defAddrChangeSchema = z
  .string()
  .trim()
  .max(300, '300자 이하로 입력해 주세요.')
  .refine((value) => isRoadAddressLongEnough(parseDefAddr(value).address), ADDRESS_CHANGE_REQUIRED_MESSAGE);
