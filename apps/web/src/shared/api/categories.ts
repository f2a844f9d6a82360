import { queryOptions } from '@tanstack/react-query';
import type { CategoryDto, CategoryWithAncestorsDto } from '@mkt/contracts';
import { http } from './http';

export function fetchSubCategories(ctno: number, signal?: AbortSignal): Promise<CategoryDto[]> {
  return http.get<CategoryDto[]>(`/api/categories/sub/${ctno}`, { signal });
}

export function fetchCategoriesByDepth(depth: number, signal?: AbortSignal): Promise<CategoryDto[]> {
  return http.get<CategoryDto[]>(`/api/categories/depth/${depth}`, { signal });
}

export function fetchRandomCategories(
  count: number,
  depth: number,
  signal?: AbortSignal,
): Promise<CategoryWithAncestorsDto[]> {
  return http.get<CategoryWithAncestorsDto[]>('/api/categories/random', { query: { count, depth }, signal });
}

export const categoryKeys = {
  all: ['categories'] as const,
  sub: (ctno: number) => ['categories', 'sub', ctno] as const,
  depth: (depth: number) => ['categories', 'depth', depth] as const,
  random: (count: number, depth: number) => ['categories', 'random', count, depth] as const,
};

/** The category tree hardly changes: each level is fetched once per visit. */
export function subCategoriesQuery(ctno: number) {
  return queryOptions({
    queryKey: categoryKeys.sub(ctno),
    queryFn: ({ signal }) => fetchSubCategories(ctno, signal),
    staleTime: Infinity,
  });
}

export function categoriesByDepthQuery(depth: number) {
  return queryOptions({
    queryKey: categoryKeys.depth(depth),
    queryFn: ({ signal }) => fetchCategoriesByDepth(depth, signal),
    staleTime: Infinity,
  });
}

/** A random pick of categories; picked once per page load, so going back home shows the same tiles. */
export function randomCategoriesQuery(count: number, depth: number) {
  return queryOptions({
    queryKey: categoryKeys.random(count, depth),
    queryFn: ({ signal }) => fetchRandomCategories(count, depth, signal),
    staleTime: Infinity,
  });
}
