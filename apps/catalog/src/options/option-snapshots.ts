import { Injectable } from '@nestjs/common';
import type { OptionSnapshot } from '@mkt/contracts';
import { CatalogDatabase } from '../database';

/** Options as cart and order read them: current prices and stock, deleted products included. */
@Injectable()
export class OptionSnapshots {
  constructor(private readonly db: CatalogDatabase) {}

  /** The options found among `odnos`, in `odno` order; unknown numbers are left out. */
  async find(odnos: number[]): Promise<OptionSnapshot[]> {
    if (odnos.length === 0) return [];
    const rows = await this.db.productOption.findMany({
      where: { odno: { in: odnos } },
      orderBy: { odno: 'asc' },
      include: {
        product: {
          select: {
            pName: true,
            pPrice: true,
            pSalePer: true,
            pStock: true,
            businessName: true,
            sellerId: true,
            delFlag: true,
            images: { orderBy: { ord: 'asc' }, take: 1, select: { piName: true } },
          },
        },
      },
    });
    return rows.map(({ product, ...option }) => ({
      odno: option.odno,
      pno: option.pno,
      od_name: option.odName,
      od_price: option.odPrice,
      od_stock: option.odStock,
      p_name: product.pName,
      p_price: product.pPrice,
      p_salePer: product.pSalePer,
      p_stock: product.pStock,
      businessName: product.businessName,
      sellerId: product.sellerId,
      // An option its seller removed is as unavailable as a deleted product.
      delFlag: product.delFlag || option.retired,
      pi_name: product.images[0]?.piName ?? '',
    }));
  }
}
