import { Controller, Get, Param } from '@nestjs/common';
import type { CategoryDto, CategoryWithAncestorsDto } from '@mkt/contracts';
import { categoryDepthSchema, positiveIdSchema } from '@mkt/contracts';
import { parseInput } from '@mkt/platform';
import { CategoryRepository } from './category.repository';

@Controller('categories')
export class CategoryController {
  constructor(private readonly categories: CategoryRepository) {}

  @Get('depth/:depth')
  atDepth(@Param('depth') depth: string): Promise<CategoryDto[]> {
    return this.categories.atDepth(parseInput(categoryDepthSchema, depth));
  }

  @Get('depth/:depth/with-ancestors')
  withAncestorsAtDepth(@Param('depth') depth: string): Promise<CategoryWithAncestorsDto[]> {
    return this.categories.withAncestorsAtDepth(parseInput(categoryDepthSchema, depth));
  }

  @Get('sub/:ctno')
  children(@Param('ctno') ctno: string): Promise<CategoryDto[]> {
    return this.categories.children(parseInput(positiveIdSchema, ctno));
  }
}
