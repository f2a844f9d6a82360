import { Controller, Get, Param } from '@nestjs/common';
import type { CategoryDto, CategoryWithAncestorsDto } from '@mkt/contracts';
import { categoryDepthSchema } from '@mkt/contracts';
import { idPath } from '@mkt/http';
import { createZodDto } from 'nestjs-zod/dto';
import { z } from 'zod';
import { CategoryRepository } from './category.repository';

class DepthPath extends createZodDto(z.object({ depth: categoryDepthSchema })) {}
class CategoryPath extends idPath('ctno') {}

@Controller('categories')
export class CategoryController {
  constructor(private readonly categories: CategoryRepository) {}

  @Get('depth/:depth')
  atDepth(@Param() { depth }: DepthPath): Promise<CategoryDto[]> {
    return this.categories.atDepth(depth);
  }

  @Get('depth/:depth/with-ancestors')
  withAncestorsAtDepth(@Param() { depth }: DepthPath): Promise<CategoryWithAncestorsDto[]> {
    return this.categories.withAncestorsAtDepth(depth);
  }

  @Get('sub/:ctno')
  children(@Param() { ctno }: CategoryPath): Promise<CategoryDto[]> {
    return this.categories.children(ctno);
  }
}
