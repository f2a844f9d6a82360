import { ROOT_CATEGORY, type CategoryDto } from '@mkt/contracts';
import { queryOptions, skipToken, useQueries, useQuery } from '@tanstack/react-query';
import {
  categoriesByDepthQuery,
  categoryKeys,
  fetchSubCategories,
  subCategoriesQuery,
} from '../shared/api/categories';
import { chainFrom, depthsToLoad } from './categoryChain';
import type { ListState } from './listState';

export interface CategoryChain {
  /** The chosen categories from the top; undefined while the chain is still being worked out. */
  chain: number[] | undefined;
  error: unknown;
  refetch: () => void;
}

/**
 * The category chain of the list: as the URL names it (`c1`..`c3`, from the header menu), or, for
 * links that carry only `ctno` and `depth` (home tiles), worked out from `GET /api/categories/depth/{n}`.
 */
export function useCategoryChain(state: ListState): CategoryChain {
  const depths = depthsToLoad(state);
  const lists = useQueries({ queries: depths.map((depth) => categoriesByDepthQuery(depth)) });

  const refetch = () => lists.forEach((list) => void list.refetch());
  if (state.ctno === undefined) return { chain: [], error: null, refetch };
  if (state.chain.length > 0) return { chain: state.chain, error: null, refetch };
  const failed = lists.find((list) => list.isError);
  if (failed) return { chain: undefined, error: failed.error, refetch };
  if (lists.some((list) => list.data === undefined)) return { chain: undefined, error: null, refetch };
  return {
    chain: chainFrom(
      state.ctno,
      lists.flatMap((list) => list.data ?? []),
    ),
    error: null,
    refetch,
  };
}

/** Children of `parent`; nothing is asked while no parent is chosen. */
function childrenOf(parent: number | undefined) {
  return queryOptions({
    queryKey: categoryKeys.sub(parent ?? 0),
    queryFn: parent === undefined ? skipToken : ({ signal }) => fetchSubCategories(parent, signal),
    staleTime: Infinity,
  });
}

/**
 * The options of the three pickers: the top categories, then the children of each chosen level.
 * The lists also give the banner its category names.
 */
export function useCategoryLevels(chain: readonly number[]) {
  const [c1, c2] = chain;
  const tops = useQuery(subCategoriesQuery(ROOT_CATEGORY));
  const middles = useQuery(childrenOf(c1));
  const details = useQuery(childrenOf(c2));
  return [tops, middles, details] as const;
}

/** Names of the chosen categories, top first, as far as the loaded lists (each level's) know them. */
export function chainNames(
  chain: readonly number[],
  levels: readonly (readonly CategoryDto[] | undefined)[],
): string[] {
  const names: string[] = [];
  chain.forEach((ctno, i) => {
    const name = levels[i]?.find((category) => category.ctno === ctno)?.cateName;
    if (name) names.push(name);
  });
  return names;
}
