import { Injectable } from '@nestjs/common';
import type { CategoryDto, CategoryWithAncestorsDto } from '@mkt/contracts';
import { CatalogDatabase } from '../database';

type CategoryRow = { ctno: number; cateName: string; depth: number; superCtno: number | null };

export function toCategoryDto(row: CategoryRow): CategoryDto {
  return { ctno: row.ctno, cateName: row.cateName, depth: row.depth, superCate: row.superCtno };
}

@Injectable()
export class CategoryRepository {
  constructor(private readonly db: CatalogDatabase) {}

  async children(ctno: number): Promise<CategoryDto[]> {
    const rows = await this.db.category.findMany({ where: { superCtno: ctno }, orderBy: { ctno: 'asc' } });
    return rows.map(toCategoryDto);
  }

  async atDepth(depth: number): Promise<CategoryDto[]> {
    const rows = await this.db.category.findMany({ where: { depth }, orderBy: { ctno: 'asc' } });
    return rows.map(toCategoryDto);
  }

  /** Every category of a depth, each with its ancestors (the BFF draws the home page's category tiles from them). */
  async withAncestorsAtDepth(depth: number): Promise<CategoryWithAncestorsDto[]> {
    const all = await this.db.category.findMany({ where: { depth }, orderBy: { ctno: 'asc' } });
    return this.withAncestors(all);
  }

  /** Each category with its parent, the parent's parent and so on, loaded level by level (the tree is shallow). */
  private async withAncestors(categories: CategoryRow[]): Promise<CategoryWithAncestorsDto[]> {
    const byCtno = new Map(categories.map((category) => [category.ctno, category]));
    let parents = categories.map((category) => category.superCtno);
    for (;;) {
      const missing = [...new Set(parents)].filter(
        (ctno): ctno is number => ctno !== null && !byCtno.has(ctno),
      );
      if (missing.length === 0) break;
      const loaded = await this.db.category.findMany({ where: { ctno: { in: missing } } });
      for (const category of loaded) byCtno.set(category.ctno, category);
      parents = loaded.map((category) => category.superCtno);
    }
    const nest = (row: CategoryRow): CategoryWithAncestorsDto => {
      const parent = row.superCtno === null ? undefined : byCtno.get(row.superCtno);
      return {
        ctno: row.ctno,
        cateName: row.cateName,
        depth: row.depth,
        superCate: parent ? nest(parent) : null,
      };
    };
    return categories.map(nest);
  }

  /** The category and every category below it, level by level (the tree is shallow). */
  async withDescendants(ctno: number): Promise<number[]> {
    const all = [ctno];
    let frontier = [ctno];
    while (frontier.length > 0) {
      const children = await this.db.category.findMany({
        where: { superCtno: { in: frontier } },
        select: { ctno: true },
      });
      frontier = children.map((c) => c.ctno);
      all.push(...frontier);
    }
    return all;
  }
}
