import { z } from 'zod';
import { BadInput, parseInput } from './http-errors';

const refusal = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    if (error instanceof BadInput) return (error.getResponse() as { message: string }).message;
    throw error;
  }
  throw new Error('the input was accepted');
};

describe('parseInput', () => {
  const form = z.object({ title: z.string(), tags: z.array(z.string()).optional() });

  it('names each field a schema refuses', () => {
    expect(refusal(() => parseInput(form, { title: 3 }))).toMatch(/^title: /);
  });

  it.each([
    ['a NUL', 'a\u0000b'],
    ['a bell', '\u0007'],
    ['an escape', 'x\u001b[31m'],
    ['a DEL', '\u007f'],
    ['a C1 control', '\u0085'],
  ])('refuses %s in any text, naming the field', (_name, text) => {
    expect(refusal(() => parseInput(form, { title: text }))).toBe(
      'title: 제어 문자(NUL 등)는 입력할 수 없습니다.',
    );
    expect(refusal(() => parseInput(form, { title: 'ok', tags: ['fine', text] }))).toBe(
      'tags.1: 제어 문자(NUL 등)는 입력할 수 없습니다.',
    );
  });

  it('refuses a control character in a bare value, and ignores it in a field the schema drops', () => {
    expect(refusal(() => parseInput(z.string(), '1\u0000'))).toBe('제어 문자(NUL 등)는 입력할 수 없습니다.');
    expect(parseInput(form, { title: 'ok', extra: '\u0000' })).toEqual({ title: 'ok' });
  });

  it('keeps tabs and line breaks of multi-line text', () => {
    expect(parseInput(form, { title: '첫 줄\r\n둘째 줄\t끝' })).toEqual({ title: '첫 줄\r\n둘째 줄\t끝' });
  });

  it('walks a deeply nested body without exhausting the stack', () => {
    let nested: unknown = 'bottom\u0000';
    for (let depth = 0; depth < 100_000; depth++) nested = [nested];
    expect(refusal(() => parseInput(z.unknown(), nested))).toMatch(/제어 문자/);
  });
});
