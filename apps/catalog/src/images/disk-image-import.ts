import type { OnApplicationBootstrap } from '@nestjs/common';
import { Inject, Injectable } from '@nestjs/common';
import { join } from 'node:path';
import type { ServiceRuntime } from '@mkt/platform';
import { JsonLogger } from '@mkt/observability';
import { SERVICE_RUNTIME } from '@mkt/platform';
import type { ImageStorage } from './image-storage';
import { IMAGE_STORAGE, importImagesFromDisk } from './image-storage';

/** Where catalog kept product images before they moved into its database. */
export const diskImageDir = (runtime: Pick<ServiceRuntime, 'dataDir'>) =>
  join(runtime.dataDir, 'images', 'product');

/** At start, moves the images an older catalog left on its disk into the database (once). */
@Injectable()
export class DiskImageImport implements OnApplicationBootstrap {
  constructor(
    @Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime,
    @Inject(IMAGE_STORAGE) private readonly storage: ImageStorage,
    private readonly logger: JsonLogger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const moved = await importImagesFromDisk(diskImageDir(this.runtime), this.storage);
    if (moved) this.logger.log('product images moved from the disk into the database', { moved });
  }
}
