import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type {
  CategoryDto,
  CategoryWithAncestorsDto,
  PageResult,
  ProductDetailDto,
  ProductSummaryDto,
} from '@mkt/contracts';
import {
  categoryDepthSchema,
  productListQuerySchema,
  randomCategoriesQuerySchema,
  categorySchema,
  categoryWithAncestorsSchema,
  pageResultSchema,
  productDetailSchema,
  productSummarySchema,
} from '@mkt/contracts';
import { idPath } from '@mkt/http';
import { createZodDto } from 'nestjs-zod/dto';
import { CatalogClient } from '../services/catalog.client';
import { base64Path } from './base64-id';
import { ApiDoc, BAD_INPUT } from '../openapi/api-doc';
import { z } from 'zod';
import { CatalogReadCache } from './catalog-read-cache';
import { randomSample } from './random-sample';

class DepthPath extends createZodDto(z.object({ depth: categoryDepthSchema })) {}
class CategoryPath extends idPath('ctno') {}
class ProductPath extends base64Path('encodedPno', '상품') {}
class RandomCategoriesQuery extends createZodDto(randomCategoriesQuerySchema) {}
class ProductListQuery extends createZodDto(productListQuerySchema) {}

@Controller()
export class CatalogController {
  constructor(
    private readonly catalog: CatalogClient,
    private readonly cached: CatalogReadCache,
  ) {}

  @ApiDoc({
    summary: 'The categories of one depth',
    answer: z.array(categorySchema),
    errors: { 400: BAD_INPUT },
  })
  @Get('api/categories/depth/:depth')
  categoriesAtDepth(@Param() { depth }: DepthPath): Promise<CategoryDto[]> {
    return this.cached.categoriesAtDepth(depth);
  }

  @ApiDoc({
    summary: 'Random categories of a depth, each with its ancestors',
    answer: z.array(categoryWithAncestorsSchema),
    errors: { 400: BAD_INPUT },
  })
  @Get('api/categories/random')
  async randomCategories(
    @Query() { depth, count }: RandomCategoriesQuery,
  ): Promise<CategoryWithAncestorsDto[]> {
    return randomSample(await this.cached.categoriesWithAncestorsAtDepth(depth), count);
  }

  @ApiDoc({
    summary: "A category's children",
    answer: z.array(categorySchema),
    errors: { 400: BAD_INPUT },
  })
  @Get('api/categories/sub/:ctno')
  subCategories(@Param() { ctno }: CategoryPath): Promise<CategoryDto[]> {
    return this.cached.subCategories(ctno);
  }

  @ApiDoc({
    summary: 'Products on sale: by category, keyword (initial consonants too) and sort',
    description:
      "The spec's client names the sort field in both `sortBy` and `sort` and asks ascending with `order=true`; `sort=asc|desc` also sets the direction.",
    answer: pageResultSchema(productSummarySchema),
    errors: { 400: BAD_INPUT },
  })
  @Get('api/product/list')
  products(@Query() query: ProductListQuery): Promise<PageResult<ProductSummaryDto>> {
    return this.cached.products(query);
  }

  @ApiDoc({
    summary: 'A product on sale, with its options and categories',
    answer: productDetailSchema,
    errors: { 400: BAD_INPUT, 404: 'NOT_FOUND: no such product on sale' },
  })
  @Get('api/product/:encodedPno')
  product(@Param() { encodedPno: pno }: ProductPath): Promise<ProductDetailDto> {
    return this.cached.product(pno);
  }

  @ApiDoc({
    summary: 'A product image',
    answer: { contentType: 'image/*', schema: { type: 'string', format: 'binary' } },
    errors: { 404: 'NOT_FOUND: no such image' },
  })
  @Get('images/product/:name')
  async image(@Param('name') name: string, @Res() reply: FastifyReply): Promise<void> {
    const image = await this.catalog.image(name);
    await reply
      .status(200)
      .type(image.headers.get('content-type') ?? 'application/octet-stream')
      .header('Cache-Control', image.headers.get('cache-control') ?? 'public, max-age=86400')
      .send(Buffer.from(await image.arrayBuffer()));
  }
}
