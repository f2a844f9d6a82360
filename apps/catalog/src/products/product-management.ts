import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type {
  ImageOrderEntry,
  NewProductRequest,
  ProductActor,
  ProductDraft,
  ProductFormInput,
} from '@mkt/contracts';
import { checkProductForm, DEFAULT_OPTION_NAME, ProductMessages } from '@mkt/contracts';
import type { UploadedPart } from '@mkt/http';
import { BadInput, NotFound } from '@mkt/http';
import type { CatalogTx } from '../database';
import { CatalogDatabase } from '../database';
import type { ImageStorage } from '../images/image-storage';
import { IMAGE_STORAGE } from '../images/image-storage';
import { checkImages, storeImagesWith } from '../images/image-upload';
import { createProduct } from './new-product';
import { ProductChanges } from './product-changes';

/** The categories a product is filed under: they must exist and be lowest-level (depth 3). */
const LOWEST_DEPTH = 3;

/** The actor's products: a seller's own; an admin's, every product. */
const ownedBy = (actor: ProductActor) => (actor.role === 'SELLER' ? { sellerId: actor.mno } : {});

/** Sellers register and edit their products; sellers (their own) and admins (any) delete and restore them. */
@Injectable()
export class ProductManagement {
  constructor(
    private readonly db: CatalogDatabase,
    @Inject(IMAGE_STORAGE) private readonly storage: ImageStorage,
    private readonly changes: ProductChanges,
  ) {}

  /**
   * Registers a product of `sellerId` with its images. Everything is checked before anything is
   * stored; the files are removed again if the database write fails. A registration without
   * options sells one option '기본' with the form's stock; with options, the stock is theirs.
   */
  async register(request: NewProductRequest, files: UploadedPart[]): Promise<{ pno: number }> {
    const draft = await this.checkedDraft(request.draft);
    const images = checkImages(files);
    const options = draft.options.length
      ? draft.options
      : [{ od_name: DEFAULT_OPTION_NAME, od_price: 0, od_stock: draft.pStock }];
    const pno = await storeImagesWith(this.storage, images, () =>
      this.db.$transaction(async (tx) => {
        const created = await createProduct(tx, {
          pName: draft.pName,
          pContent: draft.pContent,
          pPrice: draft.pPrice,
          pSalePer: draft.pSalePer,
          sellerId: request.sellerId,
          businessName: request.businessName,
          ctnos: draft.ctnos,
          options: options.map((o) => ({ odName: o.od_name, odPrice: o.od_price, odStock: o.od_stock })),
          imageNames: images.map((image) => image.name),
        });
        await this.changes.announce(tx, [created], ['registered']);
        return created;
      }),
    );
    return { pno };
  }

  /**
   * Edits a product: its fields, categories and options. An option named by its `odno` is changed
   * in place (order lines keep the name they were bought under); one without `odno` is added; one
   * left out is retired, not deleted: carts and orders still find it by `odno`, nobody can buy it
   * again. Images change through `changeImages`.
   */
  async edit(pno: number, actor: ProductActor, form: ProductFormInput): Promise<void> {
    const draft = await this.checkedDraft(form);
    if (draft.options.length === 0) throw new BadInput(ProductMessages.optionRequired);
    await this.db.$transaction(async (tx) => {
      const product = await tx.product.findFirst({
        where: { pno, ...ownedBy(actor) },
        select: { sellerId: true, options: { where: { retired: false }, select: { odno: true } } },
      });
      if (!product) throw new NotFound(ProductMessages.notFound);
      const current = new Set(product.options.map((o) => o.odno));
      const kept = new Set<number>();
      for (const option of draft.options) {
        if (option.odno === undefined) continue;
        if (!current.has(option.odno) || kept.has(option.odno))
          throw new BadInput(ProductMessages.unknownOption);
        kept.add(option.odno);
      }
      await tx.product.update({
        where: { pno },
        data: {
          pName: draft.pName,
          pContent: draft.pContent,
          pPrice: draft.pPrice,
          pSalePer: draft.pSalePer,
          categories: { deleteMany: {}, create: draft.ctnos.map((ctno) => ({ ctno })) },
        },
      });
      await tx.productOption.updateMany({
        where: { pno, retired: false, odno: { notIn: [...kept] } },
        data: { retired: true, odStock: 0 },
      });
      for (const option of draft.options) {
        const data = { odName: option.od_name, odPrice: option.od_price, odStock: option.od_stock };
        if (option.odno === undefined) {
          await tx.productOption.create({ data: { ...data, pno, sellerId: product.sellerId } });
        } else {
          await tx.productOption.update({ where: { odno: option.odno }, data });
        }
      }
      await refreshStock(tx, pno);
      await this.changes.announce(tx, [pno], ['details', 'options', 'stock']);
    });
  }

  /**
   * Sets a product's images to `order`: current images kept by name, new files (checked as a
   * registration's) placed by their index, the rest taken off the product. Their files stay: a
   * name is its bytes' hash, which another product (or a cached page) may still use.
   */
  async changeImages(
    pno: number,
    actor: ProductActor,
    order: ImageOrderEntry[],
    files: UploadedPart[],
  ): Promise<void> {
    const added = checkImages(files);
    const uses = order.flatMap((entry) => ('added' in entry ? [entry.added] : []));
    if (
      uses.length !== added.length ||
      new Set(uses).size !== uses.length ||
      uses.some((i) => i >= added.length)
    )
      throw new BadInput(ProductMessages.imageOrderMismatch);
    const product = await this.db.product.findFirst({
      where: { pno, ...ownedBy(actor) },
      select: { images: { select: { piName: true } } },
    });
    if (!product) throw new NotFound(ProductMessages.notFound);
    const current = new Set(product.images.map((image) => image.piName));
    const kept = order.flatMap((entry) => ('kept' in entry ? [entry.kept] : []));
    if (kept.some((name) => !current.has(name))) throw new BadInput(ProductMessages.unknownImage);
    const names = order.map((entry) => ('kept' in entry ? entry.kept : added[entry.added].name));
    await storeImagesWith(this.storage, added, () =>
      this.db.$transaction(async (tx) => {
        await tx.productImage.deleteMany({ where: { pno } });
        await tx.productImage.createMany({ data: names.map((piName, ord) => ({ pno, piName, ord })) });
        await this.changes.announce(tx, [pno], ['details']);
      }),
    );
  }

  /**
   * The delete/restore toggle: flips `delFlag` from `expected` (the flag the console showed). A flag
   * that has changed meanwhile answers 409, so two consoles cannot undo each other unseen.
   */
  async setDeleted(pno: number, actor: ProductActor, expected: boolean): Promise<{ delFlag: boolean }> {
    const flipped = await this.db.$transaction(async (tx) => {
      const { count } = await tx.product.updateMany({
        where: { pno, delFlag: expected, ...ownedBy(actor) },
        data: { delFlag: !expected },
      });
      if (count === 1) await this.changes.announce(tx, [pno], [expected ? 'restored' : 'deleted']);
      return count === 1;
    });
    if (flipped) return { delFlag: !expected };
    const exists = await this.db.product.count({ where: { pno, ...ownedBy(actor) } });
    if (!exists) throw new NotFound(ProductMessages.notFound);
    throw new HttpException({ error: 'CONFLICT', message: ProductMessages.staleStatus }, HttpStatus.CONFLICT);
  }

  /** The form's checks, then its categories: each must exist and be lowest-level. */
  private async checkedDraft(form: ProductFormInput): Promise<ProductDraft> {
    const checked = checkProductForm(form);
    if (!checked.ok) throw new BadInput(checked.message);
    const categories = await this.db.category.findMany({
      where: { ctno: { in: checked.value.ctnos } },
      select: { depth: true },
    });
    if (categories.length !== checked.value.ctnos.length) throw new BadInput(ProductMessages.invalidCategory);
    if (categories.some((category) => category.depth !== LOWEST_DEPTH)) {
      throw new BadInput(ProductMessages.lowestCategory);
    }
    return checked.value;
  }
}

/** The product's stock is its sellable options' sum. */
async function refreshStock(tx: CatalogTx, pno: number): Promise<void> {
  const sum = await tx.productOption.aggregate({ where: { pno, retired: false }, _sum: { odStock: true } });
  await tx.product.update({ where: { pno }, data: { pStock: sum._sum.odStock ?? 0 } });
}
