import { Injectable } from '@nestjs/common';
import type { BoardListQuery, NoticeDto, NoticeForm, Slice } from '@mkt/contracts';
import { NoticeMessages } from '@mkt/contracts';
import { NotFound } from '@mkt/http';
import type { Prisma } from '../database';
import { BoardDatabase } from '../database';
import { pageOf, visibleTo } from './visibility';

type NoticeRow = Prisma.NoticeGetPayload<object>;

function toNoticeDto(row: NoticeRow): NoticeDto {
  return {
    nno: row.nno,
    title: row.title,
    content: row.content,
    isPrivate: row.isPrivate,
    adno: row.adno,
    regDate: row.regDate.toISOString(),
    encodedId: Buffer.from(String(row.nno)).toString('base64'),
  };
}

@Injectable()
export class NoticeRepository {
  constructor(private readonly db: BoardDatabase) {}

  /** Newest first; private notices only when `includePrivate`. */
  async list(query: BoardListQuery): Promise<Slice<NoticeDto>> {
    const where = visibleTo(query.includePrivate);
    const [rows, totalCount] = await Promise.all([
      this.db.notice.findMany({ where, orderBy: { nno: 'desc' }, ...pageOf(query) }),
      this.db.notice.count({ where }),
    ]);
    return { items: rows.map(toNoticeDto), totalCount };
  }

  /** A private notice is not found unless `includePrivate`. */
  async byNno(nno: number, includePrivate: boolean): Promise<NoticeDto> {
    const row = await this.db.notice.findFirst({ where: { nno, ...visibleTo(includePrivate) } });
    if (!row) throw new NotFound(NoticeMessages.notFound);
    return toNoticeDto(row);
  }

  async create(adno: number, form: NoticeForm): Promise<NoticeDto> {
    return toNoticeDto(await this.db.notice.create({ data: { ...form, adno } }));
  }

  async update(nno: number, form: NoticeForm): Promise<NoticeDto> {
    const { count } = await this.db.notice.updateMany({ where: { nno }, data: form });
    if (count === 0) throw new NotFound(NoticeMessages.notFound);
    return this.byNno(nno, true);
  }

  async delete(nno: number): Promise<void> {
    const { count } = await this.db.notice.deleteMany({ where: { nno } });
    if (count === 0) throw new NotFound(NoticeMessages.notFound);
  }
}
