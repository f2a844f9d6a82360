import type { CatalogTx } from '../database';

export interface NewProduct {
  pName: string;
  pContent: string;
  pPrice: number;
  pSalePer: number;
  pSalesVol?: number;
  sellerId: number;
  businessName: string;
  ctnos: number[];
  options: { odName: string; odPrice: number; odStock: number }[];
  imageNames: string[];
}

/** Inserts a product with its options, images and category links; its stock is the options' sum. */
export async function createProduct(db: CatalogTx, product: NewProduct): Promise<number> {
  const [pno] = await createProducts(db, [product]);
  return pno;
}

/**
 * Inserts products as `createProduct` does, a statement per table for all of them (the demo store's
 * thousand products in a few statements); answers their numbers in the given order. Atomic only
 * inside a transaction.
 */
export async function createProducts(db: CatalogTx, products: NewProduct[]): Promise<number[]> {
  const created = await db.product.createManyAndReturn({
    data: products.map((product) => ({
      pName: product.pName,
      pContent: product.pContent,
      pPrice: product.pPrice,
      pSalePer: product.pSalePer,
      pSalesVol: product.pSalesVol ?? 0,
      pStock: product.options.reduce((sum, o) => sum + o.odStock, 0),
      sellerId: product.sellerId,
      businessName: product.businessName,
    })),
    select: { pno: true },
  });
  // Numbers come from the sequence in the rows' order, whatever order RETURNING lists them in.
  const pnos = created.map((row) => row.pno).sort((a, b) => a - b);
  const each = <T>(rows: (product: NewProduct, pno: number) => T[]) =>
    products.flatMap((product, i) => rows(product, pnos[i]));
  await db.productOption.createMany({
    data: each((product, pno) => product.options.map((o) => ({ ...o, pno, sellerId: product.sellerId }))),
  });
  await db.productImage.createMany({
    data: each((product, pno) => product.imageNames.map((piName, ord) => ({ pno, piName, ord }))),
  });
  await db.categoryProduct.createMany({
    data: each((product, pno) => product.ctnos.map((ctno) => ({ ctno, pno }))),
  });
  return pnos;
}
