import { Injectable } from '@nestjs/common';
import type { BoardListQuery, FaqDto, FaqForm, Slice } from '@mkt/contracts';
import { FaqMessages } from '@mkt/contracts';
import { NotFound } from '@mkt/http';
import type { Prisma } from '../database';
import { BoardDatabase } from '../database';
import { pageOf, visibleTo } from './visibility';

type FaqRow = Prisma.FaqGetPayload<object>;

function toFaqDto(row: FaqRow): FaqDto {
  return {
    fno: row.fno,
    question: row.question,
    answer: row.answer,
    isPrivate: row.isPrivate,
    adno: row.adno,
    regDate: row.regDate.toISOString(),
  };
}

@Injectable()
export class FaqRepository {
  constructor(private readonly db: BoardDatabase) {}

  /** Newest first; private FAQs only when `includePrivate`. */
  async list(query: BoardListQuery): Promise<Slice<FaqDto>> {
    const where = visibleTo(query.includePrivate);
    const [rows, totalCount] = await Promise.all([
      this.db.faq.findMany({ where, orderBy: { fno: 'desc' }, ...pageOf(query) }),
      this.db.faq.count({ where }),
    ]);
    return { items: rows.map(toFaqDto), totalCount };
  }

  /** A private FAQ is not found unless `includePrivate`. */
  async byFno(fno: number, includePrivate: boolean): Promise<FaqDto> {
    const row = await this.db.faq.findFirst({ where: { fno, ...visibleTo(includePrivate) } });
    if (!row) throw new NotFound(FaqMessages.notFound);
    return toFaqDto(row);
  }

  async create(adno: number, form: FaqForm): Promise<FaqDto> {
    return toFaqDto(await this.db.faq.create({ data: { ...form, adno } }));
  }

  async update(fno: number, form: FaqForm): Promise<FaqDto> {
    const { count } = await this.db.faq.updateMany({ where: { fno }, data: form });
    if (count === 0) throw new NotFound(FaqMessages.notFound);
    return this.byFno(fno, true);
  }

  async delete(fno: number): Promise<void> {
    const { count } = await this.db.faq.deleteMany({ where: { fno } });
    if (count === 0) throw new NotFound(FaqMessages.notFound);
  }
}
