import { Controller, Get, Query } from '@nestjs/common';
import type { OptionSnapshot } from '@mkt/contracts';
import { idListSchema } from '@mkt/contracts';
import { parseInput } from '@mkt/platform';
import { z } from 'zod';
import { OptionSnapshots } from './option-snapshots';

const optionQuery = z.object({ odno: idListSchema });

/** For cart and order: `GET /options?odno=1,2,3`. */
@Controller('options')
export class OptionController {
  constructor(private readonly snapshots: OptionSnapshots) {}

  @Get()
  find(@Query() query: unknown): Promise<OptionSnapshot[]> {
    return this.snapshots.find(parseInput(optionQuery, query).odno);
  }
}
