import { createZodDto } from 'nestjs-zod/dto';
import { z } from 'zod';
import { BadInput, parseInput } from './http-errors';
import { idPath, SchemaInputPipe } from './route-input';

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

class LinePath extends idPath('mno', 'cino') {}
class LineBody extends createZodDto(
  z.object({ c_cnt: z.coerce.number().int().min(1, '1개 이상이어야 합니다.') }),
) {}

describe('SchemaInputPipe', () => {
  const pipe = new SchemaInputPipe();

  it('parses path parameters one by one: the first bad one answers, unnamed, as a bare value did', () => {
    expect(pipe.transform({ mno: '7', cino: '3' }, { type: 'param', metatype: LinePath })).toEqual({
      mno: 7,
      cino: 3,
    });
    expect(
      refusal(() => pipe.transform({ mno: 'x', cino: '0' }, { type: 'param', metatype: LinePath })),
    ).toBe('숫자 번호여야 합니다.');
    expect(
      refusal(() => pipe.transform({ mno: '7', cino: '0' }, { type: 'param', metatype: LinePath })),
    ).toBe('1 이상의 번호여야 합니다.');
  });

  it('names the field of a body or query it refuses, control characters included', () => {
    expect(pipe.transform({ c_cnt: '2', extra: 1 }, { type: 'body', metatype: LineBody })).toEqual({
      c_cnt: 2,
    });
    expect(refusal(() => pipe.transform({ c_cnt: '0' }, { type: 'query', metatype: LineBody }))).toBe(
      'c_cnt: 1개 이상이어야 합니다.',
    );
    class Note extends createZodDto(z.object({ text: z.string() })) {}
    expect(refusal(() => pipe.transform({ text: 'a\u0000' }, { type: 'body', metatype: Note }))).toBe(
      'text: 제어 문자(NUL 등)는 입력할 수 없습니다.',
    );
  });

  it('leaves alone what no DTO declares (a named text parameter, the caller)', () => {
    const caller = { mno: 'not checked here' };
    expect(pipe.transform(caller, { type: 'custom', metatype: Object })).toBe(caller);
    expect(pipe.transform('kakao', { type: 'param', metatype: String, data: 'provider' })).toBe('kakao');
  });
});
