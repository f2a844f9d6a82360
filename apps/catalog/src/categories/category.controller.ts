import { Controller, Get, Param, Query } from '@nestjs/common';
import type { CategoryDto, CategoryWithAncestorsDto } from '@mkt/contracts';
import { categoryDepthSchema, positiveIdSchema, randomCategoriesQuerySchema } from '@mkt/contracts';
import { parseInput } from '@mkt/platform';
import { CategoryRepository } from './category.repository';

@Controller('categories')
export class CategoryController {
  constructor(private readonly categories: CategoryRepository) {}

  @Get('depth/:depth')
  atDepth(@Param('depth') depth: string): Promise<CategoryDto[]> {
    return this.categories.atDepth(parseInput(categoryDepthSchema, depth));
  }

  @Get('random')
  random(@Query() query: unknown): Promise<CategoryWithAncestorsDto[]> {
    const { depth, count } = parseInput(randomCategoriesQuerySchema, query);
    return this.categories.random(depth, count);
  }

  @Get('sub/:ctno')
  children(@Param('ctno') ctno: string): Promise<CategoryDto[]> {
    return this.categories.children(parseInput(positiveIdSchema, ctno));
  }
}
