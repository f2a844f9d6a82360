import { Controller, Get, Query } from '@nestjs/common';
import type { OptionSnapshot } from '@mkt/contracts';
import { idListSchema } from '@mkt/contracts';
import { createZodDto } from 'nestjs-zod/dto';
import { z } from 'zod';
import { OptionSnapshots } from './option-snapshots';

class OptionQuery extends createZodDto(z.object({ odno: idListSchema })) {}

/** For cart and order: `GET /options?odno=1,2,3`. */
@Controller('options')
export class OptionController {
  constructor(private readonly snapshots: OptionSnapshots) {}

  @Get()
  find(@Query() { odno }: OptionQuery): Promise<OptionSnapshot[]> {
    return this.snapshots.find(odno);
  }
}
