import { Controller, Get, Param, Query } from '@nestjs/common';
import type { ProductDetailDto, ProductSlice } from '@mkt/contracts';
import { productListQuerySchema, withParticle } from '@mkt/contracts';
import { idPath, NotFound } from '@mkt/http';
import { createZodDto } from 'nestjs-zod/dto';
import { ProductRepository } from './product.repository';

class ListQuery extends createZodDto(productListQuerySchema) {}
class ProductPath extends idPath('pno') {}

@Controller('products')
export class ProductController {
  constructor(private readonly products: ProductRepository) {}

  @Get()
  list(@Query() query: ListQuery): Promise<ProductSlice> {
    return this.products.list(query);
  }

  @Get(':pno')
  async detail(@Param() { pno }: ProductPath): Promise<ProductDetailDto> {
    const product = await this.products.detail(pno);
    if (!product) throw new NotFound(`${withParticle(`상품 ${pno}`, '을/를')} 찾을 수 없습니다.`);
    return product;
  }
}
