import './zodWithoutEval';
import { z } from 'zod';

describe('zodWithoutEval', () => {
  it("is zod's own jitless setting, so zod never probes for eval", () => {
    expect(z.config().jitless).toBe(true);
    // A schema built now parses without compiling a parser.
    const spy = jest.spyOn(globalThis, 'Function');
    expect(z.object({ name: z.string() }).parse({ name: '딜마켓' })).toEqual({ name: '딜마켓' });
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });
});
