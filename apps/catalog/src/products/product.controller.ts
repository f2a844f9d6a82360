import { Controller, Get, Param, Query } from '@nestjs/common';
import type { ProductDetailDto, ProductSlice } from '@mkt/contracts';
import { positiveIdSchema, productListQuerySchema, withParticle } from '@mkt/contracts';
import { NotFound, parseInput } from '@mkt/platform';
import { ProductRepository } from './product.repository';

@Controller('products')
export class ProductController {
  constructor(private readonly products: ProductRepository) {}

  @Get()
  list(@Query() query: unknown): Promise<ProductSlice> {
    return this.products.list(parseInput(productListQuerySchema, query));
  }

  @Get(':pno')
  async detail(@Param('pno') pno: string): Promise<ProductDetailDto> {
    const id = parseInput(positiveIdSchema, pno);
    const product = await this.products.detail(id);
    if (!product) throw new NotFound(`${withParticle(`상품 ${id}`, '을/를')} 찾을 수 없습니다.`);
    return product;
  }
}
