import { ROOT_CATEGORY, type CategoryDto } from '@mkt/contracts';
import { MAX_CATEGORY_DEPTH, type ListState } from './listState';

/** Depths whose full lists are needed to walk up from `ctno`: its own depth up to 2 (depth 1's parent is the root). */
export function depthsToLoad(state: ListState): number[] {
  if (state.ctno === undefined || state.chain.length > 0) return [];
  if (state.depth === undefined) return [1, 2, 3];
  const depths: number[] = [];
  for (let depth = state.depth; depth >= 2; depth--) depths.push(depth);
  return depths;
}

/** Walks from `ctno` up through `superCate` to the top category. */
export function chainFrom(ctno: number, categories: readonly CategoryDto[]): number[] {
  const byId = new Map(categories.map((category) => [category.ctno, category]));
  const chain: number[] = [];
  let current: number | null = ctno;
  while (current !== null && current !== ROOT_CATEGORY && chain.length < MAX_CATEGORY_DEPTH) {
    chain.unshift(current);
    const category = byId.get(current);
    // A category not in the loaded lists is a top one (depth-1 lists are not loaded when the depth is known).
    if (!category) break;
    current = category.superCate;
  }
  return chain;
}
