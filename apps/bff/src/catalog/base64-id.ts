import { positiveIdSchema } from '@mkt/contracts';
import { BadInput, parseInput } from '@mkt/platform';

/** The site's paths carry numbers base64-encoded (`/api/product/MTI=` is product 12). */
export function decodeBase64Id(encoded: string, what: string): number {
  const text = /^[A-Za-z0-9+/_-]+={0,2}$/.test(encoded)
    ? Buffer.from(encoded, 'base64').toString('utf8')
    : '';
  if (!/^\d{1,10}$/.test(text)) throw new BadInput(`${what} 번호 형식이 올바르지 않습니다.`);
  return parseInput(positiveIdSchema, text);
}

export function encodeBase64Id(id: number): string {
  return Buffer.from(String(id), 'utf8').toString('base64');
}
