import {
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  UseFilters,
  UseInterceptors,
} from '@nestjs/common';
import type {
  ManagedProductDetailDto,
  ManagedProductDto,
  PageResult,
  ProductActor,
  ProductFormInput,
} from '@mkt/contracts';
import {
  delStatusQuerySchema,
  imageOrderSchema,
  jsonFieldSchema,
  managedProductsQuerySchema,
  MAX_PRODUCT_IMAGE_BYTES,
  MAX_PRODUCT_IMAGES,
  OPTION_NAME_MAX,
  PRODUCT_CONTENT_MAX,
  PRODUCT_NAME_MAX,
  productFormOfEdit,
  ProductMessages,
  toPageResult,
  managedProductDetailSchema,
  managedProductSchema,
  pageResultSchema,
} from '@mkt/contracts';
import type { UploadedPart } from '@mkt/http';
import { BadInput, MultipartParts, UploadedParts } from '@mkt/http';
import { createZodDto } from 'nestjs-zod/dto';
import { Authenticated, Caller } from '../auth/guards';
import type { SessionClaims } from '../auth/refresh-sessions';
import { base64Path } from '../catalog/base64-id';
import { CatalogReadCache } from '../catalog/catalog-read-cache';
import { CatalogClient } from '../services/catalog.client';
import { MemberClient } from '../services/member.client';
import { UploadErrorsFilter } from './upload-errors.filter';
import { ApiDoc, BAD_INPUT } from '../openapi/api-doc';
import type { SchemaObject } from '@nestjs/swagger';
import { z } from 'zod';

/** The registration's multipart text fields, each JSON. */
interface RegistrationFields {
  dto?: unknown;
  ctnoList?: unknown;
  opts?: unknown;
}

class ProductPath extends base64Path('encodedPno', '상품') {}
class ListQuery extends createZodDto(managedProductsQuerySchema) {}
class DelStatusQuery extends createZodDto(delStatusQuerySchema) {}

const actorOf = (caller: SessionClaims): ProductActor => ({
  mno: caller.mno,
  role: caller.role === 'ADMIN' ? 'ADMIN' : 'SELLER',
});

/** The registration's JSON parts: the spec's client sends `dto` as a JSON blob (a file part), the others as text. */
const JSON_PARTS = ['dto', 'ctnoList', 'opts'] as const;

const numberOrDigits = { oneOf: [{ type: 'number' }, { type: 'string' }] } satisfies SchemaObject;
const optionFields = {
  od_name: { type: 'string', maxLength: OPTION_NAME_MAX },
  od_price: numberOrDigits,
  od_stock: numberOrDigits,
} satisfies Record<string, SchemaObject>;

/** The registration's multipart form, as the document shows it. */
const REGISTRATION_FORM: SchemaObject = {
  type: 'object',
  required: ['dto'],
  properties: {
    dto: {
      type: 'string',
      description:
        'JSON, a text field or a blob part: `pName`, `pContent`, `pPrice`, `pStock`, `pSalePer` (numbers may be strings)',
    },
    ctnoList: { type: 'string', description: 'JSON array of lowest-level (depth 3) category numbers' },
    opts: {
      type: 'string',
      description: 'JSON array of `{od_name, od_stock, od_price}`; none sells one option 기본',
    },
    images: {
      type: 'array',
      items: { type: 'string', format: 'binary' },
      maxItems: MAX_PRODUCT_IMAGES,
      description: `one part per file: PNG, JPEG, GIF or WebP, at most ${MAX_PRODUCT_IMAGE_BYTES / 1024 / 1024} MB each`,
    },
  },
};

/** The edit's body: the detail call's product with edits (other fields are not read). */
const EDIT_BODY: SchemaObject = {
  type: 'object',
  properties: {
    pName: { type: 'string', maxLength: PRODUCT_NAME_MAX },
    pContent: { type: 'string', maxLength: PRODUCT_CONTENT_MAX },
    pPrice: numberOrDigits,
    pSalePer: numberOrDigits,
    pStock: numberOrDigits,
    categoryProductBumpers: {
      type: 'array',
      items: { type: 'object', properties: { ctno: { type: 'integer' } } },
      description: 'the categories (or `category` as the detail names them, or `ctnoList`)',
    },
    optionDetail: {
      type: 'array',
      items: { type: 'object', properties: { odno: { type: 'integer' }, ...optionFields } },
      description: 'an option with `odno` changes in place, one without is added, one left out is retired',
    },
  },
};

/** Any object, documented as {@link EDIT_BODY}: {@link productFormOfEdit} checks its fields in the spec's order. */
class EditBody extends createZodDto(
  z.record(z.string(), z.unknown(), { error: ProductMessages.malformedField('body') }).meta({ ...EDIT_BODY }),
) {}

/** The image change's multipart form, as the document shows it. */
const IMAGES_FORM: SchemaObject = {
  type: 'object',
  required: ['order'],
  properties: {
    order: {
      type: 'string',
      description:
        'JSON array, the images in their new order: `{"kept": "<pi_name>"}` keeps a current image, `{"added": i}` places the i-th file',
    },
    images: REGISTRATION_FORM.properties!.images,
  },
};

/** The image change's `order` field, documented as {@link IMAGES_FORM} (the files beside it included). */
class ImagesForm extends createZodDto(
  jsonFieldSchema('order', imageOrderSchema, ProductMessages.malformedField('order')).meta({
    ...IMAGES_FORM,
  }),
) {}

/** A JSON part of the registration, sent as a text field or as a blob; absent parts are `fallback`. */
function jsonPart(
  fields: RegistrationFields,
  files: UploadedPart[],
  name: (typeof JSON_PARTS)[number],
  fallback: unknown,
): unknown {
  const value = fields[name] ?? files.find((file) => file.fieldname === name)?.buffer.toString('utf8');
  if (value === undefined || value === '') return fallback;
  if (typeof value !== 'string') throw new BadInput(ProductMessages.malformedField(name));
  try {
    return JSON.parse(value);
  } catch {
    throw new BadInput(ProductMessages.malformedField(name));
  }
}

/** The `images` file parts, as catalog takes them. */
function imageParts(files: UploadedPart[]): { data: Buffer; type: string; name: string }[] {
  return files
    .filter((file) => file.fieldname === 'images')
    .map((file) => ({ data: file.buffer, type: file.mimetype, name: file.originalname }));
}

/**
 * Product management of the consoles: sellers register and edit their own products; sellers (their
 * own) and admins (any) delete and restore them and list them. The seller of a registration is the
 * caller, its business name the member service's, whatever the form says. A change is dropped from
 * this instance's catalogue cache before the writer is answered (whatever catalog answered: a
 * failed call may have changed it), so the writer reads it back at once.
 */
@Controller('api')
export class ProductManagementController {
  constructor(
    private readonly catalog: CatalogClient,
    private readonly members: MemberClient,
    private readonly cache: CatalogReadCache,
  ) {}

  private async changing<T>(pno: number | undefined, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } finally {
      this.cache.productChanged(pno);
    }
  }

  /** Multipart: `dto` (JSON), `ctnoList` (JSON array), `images` (files), `opts` (JSON array). */
  @ApiDoc({
    summary:
      "Registers a product of the caller (its seller whatever the form says; trailing slash as the spec's client sends it)",
    description:
      "Checked in the spec's order (name, description, price, category); every check runs before anything is stored.",
    body: REGISTRATION_FORM,
    bodyTypes: ['multipart/form-data'],
    errors: {
      400: `${BAD_INPUT}; not multipart, a JSON part that is not JSON, over ${MAX_PRODUCT_IMAGES} images, a file that is not an image`,
      413: `PAYLOAD_TOO_LARGE: an image over ${MAX_PRODUCT_IMAGE_BYTES / 1024 / 1024} MB`,
    },
  })
  @Post('product')
  @HttpCode(200)
  @Authenticated({ roles: ['SELLER'] })
  @UseFilters(UploadErrorsFilter)
  @UseInterceptors(
    MultipartParts({
      fileSize: MAX_PRODUCT_IMAGE_BYTES,
      files: MAX_PRODUCT_IMAGES + JSON_PARTS.length,
      fields: 10,
      fieldSize: 64 * 1024,
    }),
  )
  async register(
    @Body() body: RegistrationFields | undefined,
    @UploadedParts() files: UploadedPart[] | undefined,
    @Caller() caller: SessionClaims,
  ): Promise<null> {
    // Not multipart at all (`MultipartParts` leaves other bodies alone), or no dto: nothing to read the form from.
    const fields = body ?? {};
    if (!files || (fields.dto === undefined && !files.some((file) => file.fieldname === 'dto'))) {
      throw new BadInput(ProductMessages.malformedUpload);
    }
    const dto = jsonPart(fields, files, 'dto', {});
    if (typeof dto !== 'object' || dto === null || Array.isArray(dto)) {
      throw new BadInput(ProductMessages.malformedField('dto'));
    }
    const draft: ProductFormInput = {
      ...(dto as ProductFormInput),
      ctnos: jsonPart(fields, files, 'ctnoList', []),
      options: jsonPart(fields, files, 'opts', []),
    };
    const seller = await this.members.byMno(caller.mno);
    await this.changing(undefined, () =>
      this.catalog.registerProduct(
        { draft, sellerId: caller.mno, businessName: seller.businessName ?? seller.m_nickname },
        imageParts(files),
      ),
    );
    return null;
  }

  /** The detail call's product with edits; the owner-seller or an admin. */
  @ApiDoc({
    summary: 'Edits a product (its seller, or an admin); images stay as registered',
    errors: { 400: BAD_INPUT, 404: "NOT_FOUND: no such product (another seller's too)" },
  })
  @Put('product/:encodedPno')
  @Authenticated({ roles: ['SELLER', 'ADMIN'] })
  async edit(
    @Param() { encodedPno: pno }: ProductPath,
    @Body() body: EditBody,
    @Caller() caller: SessionClaims,
  ): Promise<null> {
    await this.changing(pno, () => this.catalog.editProduct(pno, actorOf(caller), productFormOfEdit(body)));
    return null;
  }

  /**
   * Ours: a product's images after its registration: `order` (JSON text) lists them in their new
   * order, each `{kept: name}` of a current image or `{added: i}` for the i-th `images` file part;
   * images left out are taken off. New files are checked as a registration's.
   */
  @ApiDoc({
    summary: "Ours: changes a product's images (its seller, or an admin): add, remove, reorder",
    bodyTypes: ['multipart/form-data'],
    errors: {
      400: `${BAD_INPUT}; not multipart, an order that does not match the files or names an image the product does not have, over ${MAX_PRODUCT_IMAGES} images, a file that is not an image`,
      404: "NOT_FOUND: no such product (another seller's too)",
      413: `PAYLOAD_TOO_LARGE: an image over ${MAX_PRODUCT_IMAGE_BYTES / 1024 / 1024} MB`,
    },
  })
  @Put('product/:encodedPno/images')
  @Authenticated({ roles: ['SELLER', 'ADMIN'] })
  @UseFilters(UploadErrorsFilter)
  @UseInterceptors(
    MultipartParts({
      fileSize: MAX_PRODUCT_IMAGE_BYTES,
      files: MAX_PRODUCT_IMAGES,
      fields: 2,
      fieldSize: 16 * 1024,
    }),
  )
  async changeImages(
    @Param() { encodedPno: pno }: ProductPath,
    @Body() imageOrder: ImagesForm,
    @UploadedParts() files: UploadedPart[] | undefined,
    @Caller() caller: SessionClaims,
  ): Promise<null> {
    // Not multipart (`MultipartParts` leaves other bodies alone): the order names files there are none of.
    if (!files) throw new BadInput(ProductMessages.malformedField('order'));
    await this.changing(pno, () =>
      this.catalog.changeProductImages(pno, actorOf(caller), imageOrder, imageParts(files)),
    );
    return null;
  }

  /** Ours: a product as the console's detail and edit form read it, deleted or not. */
  @ApiDoc({
    summary: "Ours: a product as the console's detail and edit form read it, deleted or not",
    answer: managedProductDetailSchema,
    errors: { 400: BAD_INPUT, 404: "NOT_FOUND: no such product (another seller's too)" },
  })
  @Get('product/manage/:encodedPno')
  @Authenticated({ roles: ['SELLER', 'ADMIN'] })
  managed(
    @Param() { encodedPno: pno }: ProductPath,
    @Caller() caller: SessionClaims,
  ): Promise<ManagedProductDetailDto> {
    return this.catalog.managedProduct(pno, actorOf(caller));
  }

  /** The consoles' product list, deleted ones included: an admin's every product, a seller's own. */
  @ApiDoc({
    summary: "The consoles' product list, deleted ones included: an admin's every product, a seller's own",
    answer: pageResultSchema(managedProductSchema),
    errors: { 400: BAD_INPUT },
  })
  @Get('admin/productList')
  @Authenticated({ roles: ['SELLER', 'ADMIN'] })
  async list(
    @Query() query: ListQuery,
    @Caller() caller: SessionClaims,
  ): Promise<PageResult<ManagedProductDto>> {
    const slice = await this.catalog.managedProducts(query, actorOf(caller));
    return toPageResult(slice.items, slice.totalCount, { page: query.page, size: query.size });
  }

  /** Flips the delete flag from `status` (the flag the console showed); answers the text it alerts. */
  @ApiDoc({
    summary: 'Deletes or restores a product: flips the flag the console showed; answers the text it alerts',
    answer: { contentType: 'text/plain', schema: z.string() },
    errors: {
      400: BAD_INPUT,
      404: "NOT_FOUND: no such product (another seller's too)",
      409: 'CONFLICT: the flag changed meanwhile',
    },
  })
  @Put('admin/delStatus/:encodedPno')
  @HttpCode(200)
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Authenticated({ roles: ['SELLER', 'ADMIN'] })
  async setDeleted(
    @Param() { encodedPno: pno }: ProductPath,
    @Query() { status }: DelStatusQuery,
    @Caller() caller: SessionClaims,
  ): Promise<string> {
    const { delFlag } = await this.changing(pno, () =>
      this.catalog.setProductDeleted(pno, actorOf(caller), status),
    );
    return delFlag ? ProductMessages.deleted : ProductMessages.restored;
  }
}
