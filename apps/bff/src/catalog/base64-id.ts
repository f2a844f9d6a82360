import { positiveIdSchema } from '@mkt/contracts';
import { createZodDto } from 'nestjs-zod/dto';
import { z } from 'zod';

/**
 * A number in the site's paths, base64-encoded (`/api/product/MTI=` is product 12); `what` names
 * it in the refusal (`상품 번호 형식이 올바르지 않습니다.`).
 */
export function base64IdSchema(what: string) {
  return z.preprocess((encoded, context) => {
    const text =
      typeof encoded === 'string' && /^[A-Za-z0-9+/_-]+={0,2}$/.test(encoded)
        ? Buffer.from(encoded, 'base64').toString('utf8')
        : '';
    if (/^\d{1,10}$/.test(text)) return text;
    context.addIssue({ code: 'custom', message: `${what} 번호 형식이 올바르지 않습니다.` });
    return z.NEVER;
  }, positiveIdSchema);
}

/** A path DTO's base class: one base64-encoded number (`base64Path('encodedPno', '상품')`). */
export function base64Path<Name extends string>(name: Name, what: string) {
  return createZodDto(
    z.object({ [name]: base64IdSchema(what) } as Record<Name, ReturnType<typeof base64IdSchema>>),
  );
}

export function encodeBase64Id(id: number): string {
  return Buffer.from(String(id), 'utf8').toString('base64');
}
