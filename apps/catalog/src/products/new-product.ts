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
  const created = await db.product.create({
    data: {
      pName: product.pName,
      pContent: product.pContent,
      pPrice: product.pPrice,
      pSalePer: product.pSalePer,
      pSalesVol: product.pSalesVol ?? 0,
      pStock: product.options.reduce((sum, o) => sum + o.odStock, 0),
      sellerId: product.sellerId,
      businessName: product.businessName,
      options: { create: product.options.map((o) => ({ ...o, sellerId: product.sellerId })) },
      images: { create: product.imageNames.map((piName, ord) => ({ piName, ord })) },
      categories: { create: product.ctnos.map((ctno) => ({ ctno })) },
    },
    select: { pno: true },
  });
  return created.pno;
}
