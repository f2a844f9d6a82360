import { Inject, Injectable } from '@nestjs/common';
import type { CartAdd, CartLineDto, CartSummaryDto, OptionSnapshot } from '@mkt/contracts';
import { CartMessages, MAX_CART_LINES, MAX_CART_QUANTITY } from '@mkt/contracts';
import { BadInput, NotFound } from '@mkt/http';
import { summarize } from '@mkt/pricing';
import { pricedLine, toCartLine, unavailability } from './cart-lines';
import { CatalogOptions } from '@mkt/internal-clients';
import { CartDatabase } from './database';

/** Refuses a quantity the option cannot take now; the message says what the shopper can do. */
function assertOrderable(option: OptionSnapshot | undefined, quantity: number): asserts option {
  if (!option) throw new NotFound(CartMessages.unknownOption);
  switch (unavailability(quantity, option)) {
    case 'DELETED':
      throw new BadInput(CartMessages.productDeleted);
    case 'SOLD_OUT':
      throw new BadInput(CartMessages.soldOut);
    case 'NOT_ENOUGH_STOCK':
      throw new BadInput(CartMessages.overStock(option.od_stock));
  }
  if (quantity > MAX_CART_QUANTITY) throw new BadInput(CartMessages.overStock(MAX_CART_QUANTITY));
}

/** Members' carts: the lines they hold, read with the catalogue's current prices and stock. */
@Injectable()
export class Cart {
  constructor(
    private readonly db: CartDatabase,
    @Inject(CatalogOptions) private readonly catalog: CatalogOptions,
  ) {}

  /**
   * The member's lines, oldest first. `read`: what catalog answered just now for some options (those
   * it does not know are absent from `options`); only the other lines' options are asked for.
   */
  async lines(
    mno: number,
    read: { odnos: Set<number>; options: Map<number, OptionSnapshot> } = {
      odnos: new Set(),
      options: new Map(),
    },
  ): Promise<CartLineDto[]> {
    const stored = await this.db.cartItem.findMany({ where: { mno }, orderBy: { cino: 'asc' } });
    const unread = stored.map((line) => line.odno).filter((odno) => !read.odnos.has(odno));
    const options =
      unread.length === 0 ? read.options : new Map([...read.options, ...(await this.catalog.find(unread))]);
    return stored.map((line) => toCartLine(line, options.get(line.odno)));
  }

  /** Adds an option; an option already in the cart adds to its line. Answers the whole cart. */
  async add(mno: number, { odno, c_cnt }: CartAdd): Promise<CartLineDto[]> {
    // One catalog read serves the check of the option added and the answer's other lines.
    const held = await this.db.cartItem.findMany({ where: { mno }, select: { odno: true } });
    const odnos = new Set([odno, ...held.map((line) => line.odno)]);
    const options = await this.catalog.find([...odnos]);
    const option = options.get(odno);
    assertOrderable(option, c_cnt);
    await this.db.$transaction(async (tx) => {
      // ON CONFLICT DO NOTHING, then an increment: parallel adds of one option sum up on one line.
      const { count: created } = await tx.cartItem.createMany({
        data: { mno, odno, pno: option.pno, cCnt: c_cnt },
        skipDuplicates: true,
      });
      if (created === 0) {
        const line = await tx.cartItem.update({
          where: { mno_odno: { mno, odno } },
          data: { cCnt: { increment: c_cnt } },
        });
        assertOrderable(option, line.cCnt);
      } else if ((await tx.cartItem.count({ where: { mno } })) > MAX_CART_LINES) {
        throw new BadInput(CartMessages.cartFull);
      }
    });
    return this.lines(mno, { odnos, options });
  }

  /** Sets a line's quantity. Answers the line. */
  async change(mno: number, cino: number, quantity: number): Promise<CartLineDto> {
    const line = await this.storedLine(mno, cino);
    const option = (await this.catalog.find([line.odno])).get(line.odno);
    if (!option) throw new BadInput(CartMessages.productDeleted);
    assertOrderable(option, quantity);
    const changed = await this.db.cartItem.update({ where: { cino }, data: { cCnt: quantity } });
    return toCartLine(changed, option);
  }

  /** Removes a line and answers the rest of the cart. */
  async remove(mno: number, cino: number): Promise<CartLineDto[]> {
    const { count } = await this.db.cartItem.deleteMany({ where: { cino, mno } });
    if (count === 0) throw new NotFound(CartMessages.unknownLine);
    return this.lines(mno);
  }

  /** What the chosen lines cost; every chosen line must be the member's and orderable. */
  async summary(mno: number, cinos: number[]): Promise<CartSummaryDto> {
    const chosen = new Set(cinos);
    const lines = (await this.lines(mno)).filter((line) => chosen.has(line.cino));
    if (lines.length < chosen.size) throw new NotFound(CartMessages.unknownLine);
    if (lines.some((line) => line.unavailable)) throw new BadInput(CartMessages.notOrderable);
    return { ...summarize(lines.map(pricedLine)), lineCount: lines.length };
  }

  private async storedLine(mno: number, cino: number) {
    const line = await this.db.cartItem.findFirst({ where: { cino, mno } });
    if (!line) throw new NotFound(CartMessages.unknownLine);
    return line;
  }
}
