import { z } from 'zod';

/** The page request a list call echoes back (`pageRequestDTO`). */
export interface PageRequestDto {
  page: number;
  size: number;
}

/** The spec's page result: every paged list of the site answers in this shape. */
export interface PageResult<T> {
  dtoList: T[];
  pageNumList: number[];
  pageRequestDTO: PageRequestDto;
  prev: boolean;
  next: boolean;
  prevPage: number;
  nextPage: number;
  totalCount: number;
  totalPage: number;
  current: number;
}

/** One page of a list as a service answers it; the BFF turns it into a PageResult. */
export interface Slice<T> {
  items: T[];
  totalCount: number;
}

/** The schema of a service's page of `item`s. */
export function sliceSchema<T>(item: z.ZodType<T>): z.ZodType<Slice<T>> {
  return z.object({ items: z.array(item), totalCount: z.number().int() });
}

/** The schema of the spec's page result of `item`s. */
export function pageResultSchema<T>(item: z.ZodType<T>): z.ZodType<PageResult<T>> {
  const whole = z.number().int();
  return z.object({
    dtoList: z.array(item),
    pageNumList: z.array(whole),
    pageRequestDTO: z.object({ page: whole, size: whole }),
    prev: z.boolean(),
    next: z.boolean(),
    prevPage: whole,
    nextPage: whole,
    totalCount: whole,
    totalPage: whole,
    current: whole,
  });
}

/** Page buttons come in blocks of ten, as on the original site. */
const PAGE_BLOCK = 10;

/** The page result of one page of a list; an empty list has no pages (`totalPage` 0, no page numbers). */
export function toPageResult<T>(dtoList: T[], totalCount: number, request: PageRequestDto): PageResult<T> {
  const totalPage = Math.ceil(totalCount / request.size);
  const blockEnd = Math.min(Math.ceil(request.page / PAGE_BLOCK) * PAGE_BLOCK, totalPage);
  const blockStart = Math.floor((request.page - 1) / PAGE_BLOCK) * PAGE_BLOCK + 1;
  const pageNumList: number[] = [];
  for (let n = blockStart; n <= blockEnd; n++) pageNumList.push(n);
  // Asked past the end, "previous" leads to the last page, not to a block that does not exist.
  const prevPage = Math.min(blockStart - 1, totalPage);
  const prev = prevPage >= 1;
  const next = blockEnd < totalPage;
  return {
    dtoList,
    pageNumList,
    pageRequestDTO: request,
    prev,
    next,
    prevPage,
    nextPage: next ? blockEnd + 1 : 0,
    totalCount,
    totalPage,
    current: request.page,
  };
}
