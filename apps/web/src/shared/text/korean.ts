/** Compatibility jamo consonants (ㄱ U+3131 to ㅎ U+314E), the letters a choseong keyword is typed with. */
const CONSONANT_ONLY = /^[\u3131-\u314e\s]+$/;

/**
 * True when the keyword is only Korean initial consonants (e.g. 'ㄱㅊ'): the server then matches it
 * against the initial consonants of product names (김치).
 */
export function isChoseongKeyword(keyword: string): boolean {
  return keyword.trim() !== '' && CONSONANT_ONLY.test(keyword);
}
