import { Injectable } from '@nestjs/common';
import type { WishDto } from '@mkt/contracts';
import { withParticle } from '@mkt/contracts';
import { NotFound } from '@mkt/http';
import { CatalogDatabase } from '../database';

const WISH_NOT_FOUND = '찜 목록에 없는 상품입니다.';

/** Members' wish lists: one wish per member and product, newest first, deleted products kept and marked. */
@Injectable()
export class WishList {
  constructor(private readonly db: CatalogDatabase) {}

  async list(mno: number): Promise<WishDto[]> {
    const rows = await this.db.wish.findMany({
      where: { mno },
      orderBy: { wno: 'desc' },
      include: {
        product: {
          select: {
            pName: true,
            pPrice: true,
            pSalePer: true,
            delFlag: true,
            images: { orderBy: { ord: 'asc' }, take: 1, select: { piName: true } },
          },
        },
      },
    });
    return rows.map(({ wno, pno, product }) => ({
      wno,
      pno,
      mno,
      p_name: product.pName,
      p_price: product.pPrice,
      p_salePer: product.pSalePer,
      pi_name: product.images[0]?.piName ?? '',
      delFlag: product.delFlag,
    }));
  }

  /** The wish's number, or null when the member has not wished the product. */
  async wishOf(mno: number, pno: number): Promise<number | null> {
    const wish = await this.db.wish.findUnique({ where: { mno_pno: { mno, pno } }, select: { wno: true } });
    return wish?.wno ?? null;
  }

  /** Wishes a product on sale; wishing it again keeps the one wish. Answers the wish's number. */
  async add(mno: number, pno: number): Promise<number> {
    const product = await this.db.product.findFirst({
      where: { pno, delFlag: false },
      select: { pno: true },
    });
    if (!product) throw new NotFound(`${withParticle(`상품 ${pno}`, '을/를')} 찾을 수 없습니다.`);
    // ON CONFLICT DO NOTHING: two parallel adds leave one wish and neither fails.
    await this.db.wish.createMany({ data: { mno, pno }, skipDuplicates: true });
    return (await this.wishOf(mno, pno))!;
  }

  /** Removes one of the member's wishes and answers the rest. */
  async remove(mno: number, wno: number): Promise<WishDto[]> {
    const { count } = await this.db.wish.deleteMany({ where: { wno, mno } });
    if (count === 0) throw new NotFound(WISH_NOT_FOUND);
    return this.list(mno);
  }
}
