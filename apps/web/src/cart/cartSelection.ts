import type { CartLineDto } from '@mkt/contracts';

/**
 * Which cart lines the shopper pays for. The page keeps the lines the shopper *unticked*, so every
 * line starts ticked, a line that arrives later (another tab, a refetch) arrives ticked, and a line
 * the server marks unavailable (deleted, sold out, not enough stock) is never chosen.
 */
export type UntickedLines = ReadonlySet<number>;

type Line = Pick<CartLineDto, 'cino' | 'unavailable'>;

/** A line can be ordered unless the server marked it. */
export function isOrderable(line: Pick<CartLineDto, 'unavailable'>): boolean {
  return line.unavailable === null;
}

export function selectedLines<T extends Line>(lines: readonly T[], unticked: UntickedLines): T[] {
  return lines.filter((line) => isOrderable(line) && !unticked.has(line.cino));
}

/** Select-all is ticked when there is something to order and all of it is chosen. */
export function isAllSelected(lines: readonly Line[], unticked: UntickedLines): boolean {
  const orderable = lines.filter(isOrderable);
  return orderable.length > 0 && orderable.every((line) => !unticked.has(line.cino));
}

/** Select-all: untick everything when all is chosen, else choose every orderable line. */
export function toggleAll(lines: readonly Line[], unticked: UntickedLines): Set<number> {
  return isAllSelected(lines, unticked) ? new Set(lines.map((line) => line.cino)) : new Set();
}

export function toggleLine(unticked: UntickedLines, cino: number): Set<number> {
  const next = new Set(unticked);
  if (next.has(cino)) next.delete(cino);
  else next.add(cino);
  return next;
}

/** The cino list of a summary call, ascending so the same choice is the same query. */
export function summaryIds(lines: readonly Line[]): number[] {
  return lines.map((line) => line.cino).sort((a, b) => a - b);
}
