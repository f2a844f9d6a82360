import { Inject, Injectable } from '@nestjs/common';
import type { OptionSnapshot } from '@mkt/contracts';
import { qualifiedTable } from '@mkt/persistence';
import type { ServiceRuntime } from '@mkt/platform';
import { SERVICE_RUNTIME } from '@mkt/platform';
import { CatalogDatabase } from '../database';

type SnapshotRow = Omit<OptionSnapshot, 'delFlag'> & { delFlag: boolean; retired: boolean };

/** Options as cart and order read them: current prices and stock, deleted products included. */
@Injectable()
export class OptionSnapshots {
  constructor(
    private readonly db: CatalogDatabase,
    @Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime,
  ) {}

  private table(name: string): string {
    return qualifiedTable(this.runtime.database.schema, name);
  }

  /**
   * The options found among `odnos`, in `odno` order; unknown numbers are left out. One plain
   * statement: every cart change and every checkout reads it, and Prisma's joined read of the same
   * rows costs catalog about twice the CPU.
   */
  async find(odnos: number[]): Promise<OptionSnapshot[]> {
    if (odnos.length === 0) return [];
    const rows = await this.db.$queryRawUnsafe<SnapshotRow[]>(
      `SELECT o.odno, o.pno, o.od_name, o.od_price, o.od_stock, o.retired,
              p.p_name, p.p_price, p.p_sale_per AS "p_salePer", p.p_stock,
              p.business_name AS "businessName", p.seller_id AS "sellerId", p.del_flag AS "delFlag",
              COALESCE((SELECT i.pi_name FROM ${this.table('product_image')} i
                        WHERE i.pno = p.pno ORDER BY i.ord, i.pino LIMIT 1), '') AS pi_name
       FROM ${this.table('product_option')} o JOIN ${this.table('product')} p ON p.pno = o.pno
       WHERE o.odno = ANY($1::int[])
       ORDER BY o.odno`,
      odnos,
    );
    // An option its seller removed is as unavailable as a deleted product.
    return rows.map(({ retired, delFlag, ...option }) => ({ ...option, delFlag: delFlag || retired }));
  }
}
