import { Body, Controller, Get, Param, Post, Put, Query, UseInterceptors } from '@nestjs/common';
import type { ManagedProductDetailDto, ManagedProductSlice, ProductFormInput } from '@mkt/contracts';
import {
  imageOrderSchema,
  jsonFieldSchema,
  managedProductsQuerySchema,
  MAX_PRODUCT_IMAGE_BYTES,
  MAX_PRODUCT_IMAGES,
  positiveIdSchema,
  ProductMessages,
} from '@mkt/contracts';
import type { UploadedPart } from '@mkt/http';
import { idPath, MultipartParts, NotFound, UploadedParts } from '@mkt/http';
import { createZodDto } from 'nestjs-zod/dto';
import { z } from 'zod';
import { ProductManagement } from './product-management';
import { ProductRepository } from './product.repository';

const actorSchema = z.object({ mno: positiveIdSchema, role: z.enum(['SELLER', 'ADMIN']) });
/** A multipart body's JSON `request` part, read with `schema`. */
const requestPart = <S extends z.ZodType>(schema: S) =>
  jsonFieldSchema('request', schema, ProductMessages.malformedUpload);

class ProductPath extends idPath('pno') {}
class ActorQuery extends createZodDto(actorSchema) {}
class ListQuery extends createZodDto(managedProductsQuerySchema.extend(actorSchema.shape)) {}
class RegistrationBody extends createZodDto(
  requestPart(
    z.object({
      sellerId: positiveIdSchema,
      businessName: z.string().trim().min(1).max(100),
      draft: z.record(z.string(), z.unknown()),
    }),
  ),
) {}
class ImagesBody extends createZodDto(
  requestPart(z.object({ actor: actorSchema, order: imageOrderSchema })),
) {}
class EditBody extends createZodDto(
  z.object({ actor: actorSchema, form: z.record(z.string(), z.unknown()) }),
) {}
class DelFlagBody extends createZodDto(z.object({ actor: actorSchema, expected: z.boolean() })) {}

/** The consoles' product calls; the BFF names the actor (from the token) in each. */
@Controller('managed-products')
export class ProductManagementController {
  constructor(
    private readonly products: ProductRepository,
    private readonly management: ProductManagement,
  ) {}

  @Get()
  list(@Query() { mno, role, ...query }: ListQuery): Promise<ManagedProductSlice> {
    return this.products.managedList(query, { mno, role });
  }

  @Get(':pno')
  async detail(@Param() { pno }: ProductPath, @Query() actor: ActorQuery): Promise<ManagedProductDetailDto> {
    const product = await this.products.managedDetail(pno, actor);
    if (!product) throw new NotFound(ProductMessages.notFound);
    return product;
  }

  /** Multipart: `request` (JSON: the seller and the form) and `images`. */
  @Post()
  @UseInterceptors(
    MultipartParts({ fileSize: MAX_PRODUCT_IMAGE_BYTES, files: MAX_PRODUCT_IMAGES, fields: 5 }),
  )
  register(
    @Body() parsed: RegistrationBody,
    @UploadedParts() files: UploadedPart[] | undefined,
  ): Promise<{ pno: number }> {
    return this.management.register({ ...parsed, draft: parsed.draft as ProductFormInput }, files ?? []);
  }

  /** Multipart: `request` (JSON: the actor and the images' new order) and the added `images`. */
  @Post(':pno/images')
  @UseInterceptors(
    MultipartParts({ fileSize: MAX_PRODUCT_IMAGE_BYTES, files: MAX_PRODUCT_IMAGES, fields: 5 }),
  )
  async changeImages(
    @Param() { pno }: ProductPath,
    @Body() { actor, order }: ImagesBody,
    @UploadedParts() files: UploadedPart[] | undefined,
  ): Promise<null> {
    await this.management.changeImages(pno, actor, order, files ?? []);
    return null;
  }

  @Put(':pno')
  async edit(@Param() { pno }: ProductPath, @Body() { actor, form }: EditBody): Promise<null> {
    await this.management.edit(pno, actor, form as ProductFormInput);
    return null;
  }

  @Put(':pno/del-flag')
  setDeleted(
    @Param() { pno }: ProductPath,
    @Body() { actor, expected }: DelFlagBody,
  ): Promise<{ delFlag: boolean }> {
    return this.management.setDeleted(pno, actor, expected);
  }
}
