import type { CartLineUnavailability } from '@mkt/contracts';
import { isAllSelected, selectedLines, summaryIds, toggleAll, toggleLine } from './cartSelection';

const line = (cino: number, unavailable: CartLineUnavailability | null = null) => ({ cino, unavailable });

describe('the cart page selection', () => {
  const lines = [line(3), line(1), line(2, 'SOLD_OUT'), line(4, 'NOT_ENOUGH_STOCK')];

  it('starts with every orderable line chosen, never an unavailable one', () => {
    const none = new Set<number>();
    expect(selectedLines(lines, none).map((l) => l.cino)).toEqual([3, 1]);
    expect(isAllSelected(lines, none)).toBe(true);
  });

  it('unticks and ticks one line', () => {
    const unticked = toggleLine(new Set(), 3);
    expect(selectedLines(lines, unticked).map((l) => l.cino)).toEqual([1]);
    expect(isAllSelected(lines, unticked)).toBe(false);
    expect(selectedLines(lines, toggleLine(unticked, 3)).map((l) => l.cino)).toEqual([3, 1]);
  });

  it('select-all clears everything when all is chosen, and chooses every orderable line otherwise', () => {
    const cleared = toggleAll(lines, new Set());
    expect(selectedLines(lines, cleared)).toEqual([]);
    expect(isAllSelected(lines, cleared)).toBe(false);
    const partly = toggleLine(new Set(), 1);
    const all = toggleAll(lines, partly);
    expect(selectedLines(lines, all).map((l) => l.cino)).toEqual([3, 1]);
    expect(isAllSelected(lines, all)).toBe(true);
  });

  it('a line that arrives later arrives chosen; a cart with nothing orderable is never all selected', () => {
    const unticked = toggleLine(new Set(), 3);
    expect(selectedLines([...lines, line(9)], unticked).map((l) => l.cino)).toEqual([1, 9]);
    expect(isAllSelected([line(2, 'DELETED')], new Set())).toBe(false);
    expect(isAllSelected([], new Set())).toBe(false);
  });

  it('asks for a summary with the chosen cino ascending', () => {
    expect(summaryIds([line(3), line(1), line(12)])).toEqual([1, 3, 12]);
  });
});
