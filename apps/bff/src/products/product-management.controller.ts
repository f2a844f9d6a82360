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
  UploadedFiles,
  UseFilters,
  UseInterceptors,
} from '@nestjs/common';
import { AnyFilesInterceptor } from '@nestjs/platform-express';
import type {
  ManagedProductDetailDto,
  ManagedProductDto,
  PageResult,
  ProductActor,
  ProductFormInput,
} from '@mkt/contracts';
import {
  delStatusQuerySchema,
  managedProductsQuerySchema,
  MAX_PRODUCT_IMAGE_BYTES,
  MAX_PRODUCT_IMAGES,
  productFormOfEdit,
  ProductMessages,
  toPageResult,
} from '@mkt/contracts';
import { BadInput, parseInput } from '@mkt/platform';
import { Authenticated, Caller } from '../auth/guards';
import type { SessionClaims } from '../auth/refresh-sessions';
import { decodeBase64Id } from '../catalog/base64-id';
import { CatalogClient } from '../services/catalog.client';
import { MemberClient } from '../services/member.client';
import { UploadErrorsFilter } from './upload-errors.filter';

/** A file part of the registration, as multer's memory storage hands it over. */
interface UploadedPart {
  fieldname: string;
  originalname: string;
  mimetype: string;
  buffer: Buffer;
}

/** The registration's multipart text fields, each JSON. */
interface RegistrationFields {
  dto?: unknown;
  ctnoList?: unknown;
  opts?: unknown;
}

const actorOf = (caller: SessionClaims): ProductActor => ({
  mno: caller.mno,
  role: caller.role === 'ADMIN' ? 'ADMIN' : 'SELLER',
});

/** The registration's JSON parts: the spec's client sends `dto` as a JSON blob (a file part), the others as text. */
const JSON_PARTS = ['dto', 'ctnoList', 'opts'] as const;

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

/**
 * Product management of the consoles: sellers register and edit their own products; sellers (their
 * own) and admins (any) delete and restore them and list them. The seller of a registration is the
 * caller, its business name the member service's, whatever the form says.
 */
@Controller('api')
export class ProductManagementController {
  constructor(
    private readonly catalog: CatalogClient,
    private readonly members: MemberClient,
  ) {}

  /** Multipart: `dto` (JSON), `ctnoList` (JSON array), `images` (files), `opts` (JSON array). */
  @Post('product')
  @HttpCode(200)
  @Authenticated({ roles: ['SELLER'] })
  @UseFilters(UploadErrorsFilter)
  @UseInterceptors(
    AnyFilesInterceptor({
      limits: {
        fileSize: MAX_PRODUCT_IMAGE_BYTES,
        files: MAX_PRODUCT_IMAGES + JSON_PARTS.length,
        fields: 10,
        fieldSize: 64 * 1024,
      },
    }),
  )
  async register(
    @Body() body: RegistrationFields | undefined,
    @UploadedFiles() files: UploadedPart[] | undefined,
    @Caller() caller: SessionClaims,
  ): Promise<null> {
    // Not multipart at all (multer leaves other bodies alone), or no dto: nothing to read the form from.
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
    await this.catalog.registerProduct(
      { draft, sellerId: caller.mno, businessName: seller.businessName ?? seller.m_nickname },
      files
        .filter((file) => file.fieldname === 'images')
        .map((file) => ({ data: file.buffer, type: file.mimetype, name: file.originalname })),
    );
    return null;
  }

  /** The detail call's product with edits; the owner-seller or an admin. */
  @Put('product/:encodedPno')
  @Authenticated({ roles: ['SELLER', 'ADMIN'] })
  async edit(
    @Param('encodedPno') encodedPno: string,
    @Body() body: unknown,
    @Caller() caller: SessionClaims,
  ): Promise<null> {
    const pno = decodeBase64Id(encodedPno, '상품');
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new BadInput(ProductMessages.malformedField('body'));
    }
    await this.catalog.editProduct(pno, actorOf(caller), productFormOfEdit(body as Record<string, unknown>));
    return null;
  }

  /** Ours: a product as the console's detail and edit form read it, deleted or not. */
  @Get('product/manage/:encodedPno')
  @Authenticated({ roles: ['SELLER', 'ADMIN'] })
  managed(
    @Param('encodedPno') encodedPno: string,
    @Caller() caller: SessionClaims,
  ): Promise<ManagedProductDetailDto> {
    return this.catalog.managedProduct(decodeBase64Id(encodedPno, '상품'), actorOf(caller));
  }

  /** The consoles' product list, deleted ones included: an admin's every product, a seller's own. */
  @Get('admin/productList')
  @Authenticated({ roles: ['SELLER', 'ADMIN'] })
  async list(
    @Query() rawQuery: unknown,
    @Caller() caller: SessionClaims,
  ): Promise<PageResult<ManagedProductDto>> {
    const query = parseInput(managedProductsQuerySchema, rawQuery);
    const slice = await this.catalog.managedProducts(query, actorOf(caller));
    return toPageResult(slice.items, slice.totalCount, { page: query.page, size: query.size });
  }

  /** Flips the delete flag from `status` (the flag the console showed); answers the text it alerts. */
  @Put('admin/delStatus/:encodedPno')
  @HttpCode(200)
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Authenticated({ roles: ['SELLER', 'ADMIN'] })
  async setDeleted(
    @Param('encodedPno') encodedPno: string,
    @Query() query: unknown,
    @Caller() caller: SessionClaims,
  ): Promise<string> {
    const pno = decodeBase64Id(encodedPno, '상품');
    const { status } = parseInput(delStatusQuerySchema, query);
    const { delFlag } = await this.catalog.setProductDeleted(pno, actorOf(caller), status);
    return delFlag ? ProductMessages.deleted : ProductMessages.restored;
  }
}
