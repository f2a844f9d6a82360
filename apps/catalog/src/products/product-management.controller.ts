import { Body, Controller, Get, Param, Post, Put, Query, UseInterceptors } from '@nestjs/common';
import type { ManagedProductDetailDto, ManagedProductSlice, ProductFormInput } from '@mkt/contracts';
import {
  imageOrderSchema,
  managedProductsQuerySchema,
  MAX_PRODUCT_IMAGE_BYTES,
  MAX_PRODUCT_IMAGES,
  positiveIdSchema,
  ProductMessages,
} from '@mkt/contracts';
import type { UploadedPart } from '@mkt/platform';
import { BadInput, MultipartParts, NotFound, parseInput, UploadedParts } from '@mkt/platform';
import { z } from 'zod';
import { ProductManagement } from './product-management';
import { ProductRepository } from './product.repository';

const actorSchema = z.object({ mno: positiveIdSchema, role: z.enum(['SELLER', 'ADMIN']) });
const registrationSchema = z.object({
  sellerId: positiveIdSchema,
  businessName: z.string().trim().min(1).max(100),
  draft: z.record(z.string(), z.unknown()),
});
const editSchema = z.object({ actor: actorSchema, form: z.record(z.string(), z.unknown()) });
const delFlagSchema = z.object({ actor: actorSchema, expected: z.boolean() });
const imagesSchema = z.object({ actor: actorSchema, order: imageOrderSchema });

/** The JSON `request` part of a multipart call. */
function requestPart(body: { request?: string } | undefined): unknown {
  try {
    return JSON.parse(body?.request ?? '');
  } catch {
    throw new BadInput(ProductMessages.malformedUpload);
  }
}

/** The consoles' product calls; the BFF names the actor (from the token) in each. */
@Controller('managed-products')
export class ProductManagementController {
  constructor(
    private readonly products: ProductRepository,
    private readonly management: ProductManagement,
  ) {}

  @Get()
  list(@Query() query: Record<string, unknown>): Promise<ManagedProductSlice> {
    const actor = parseInput(actorSchema, { mno: query.mno, role: query.role });
    return this.products.managedList(parseInput(managedProductsQuerySchema, query), actor);
  }

  @Get(':pno')
  async detail(
    @Param('pno') pno: string,
    @Query() query: Record<string, unknown>,
  ): Promise<ManagedProductDetailDto> {
    const actor = parseInput(actorSchema, { mno: query.mno, role: query.role });
    const product = await this.products.managedDetail(parseInput(positiveIdSchema, pno), actor);
    if (!product) throw new NotFound(ProductMessages.notFound);
    return product;
  }

  /** Multipart: `request` (JSON: the seller and the form) and `images`. */
  @Post()
  @UseInterceptors(
    MultipartParts({ fileSize: MAX_PRODUCT_IMAGE_BYTES, files: MAX_PRODUCT_IMAGES, fields: 5 }),
  )
  register(
    @Body() body: { request?: string } | undefined,
    @UploadedParts() files: UploadedPart[] | undefined,
  ): Promise<{ pno: number }> {
    const parsed = parseInput(registrationSchema, requestPart(body));
    return this.management.register({ ...parsed, draft: parsed.draft as ProductFormInput }, files ?? []);
  }

  /** Multipart: `request` (JSON: the actor and the images' new order) and the added `images`. */
  @Post(':pno/images')
  @UseInterceptors(
    MultipartParts({ fileSize: MAX_PRODUCT_IMAGE_BYTES, files: MAX_PRODUCT_IMAGES, fields: 5 }),
  )
  async changeImages(
    @Param('pno') pno: string,
    @Body() body: { request?: string } | undefined,
    @UploadedParts() files: UploadedPart[] | undefined,
  ): Promise<null> {
    const { actor, order } = parseInput(imagesSchema, requestPart(body));
    await this.management.changeImages(parseInput(positiveIdSchema, pno), actor, order, files ?? []);
    return null;
  }

  @Put(':pno')
  async edit(@Param('pno') pno: string, @Body() body: unknown): Promise<null> {
    const { actor, form } = parseInput(editSchema, body);
    await this.management.edit(parseInput(positiveIdSchema, pno), actor, form as ProductFormInput);
    return null;
  }

  @Put(':pno/del-flag')
  setDeleted(@Param('pno') pno: string, @Body() body: unknown): Promise<{ delFlag: boolean }> {
    const { actor, expected } = parseInput(delFlagSchema, body);
    return this.management.setDeleted(parseInput(positiveIdSchema, pno), actor, expected);
  }
}
