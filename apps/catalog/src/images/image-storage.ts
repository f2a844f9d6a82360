import { createHash } from 'node:crypto';
import { readdir, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { CatalogDatabase } from '../database';

/**
 * Where product images live: catalog's own database (`DatabaseImageStorage`), which every replica
 * reaches. An S3-compatible object store would be the adapter for images far larger or far more
 * numerous than a product catalogue's pictures.
 */
export interface ImageStorage {
  read(name: string): Promise<Buffer | null>;
  write(name: string, data: Buffer | string): Promise<void>;
  /** Removes the file; a name that is not there is no error. */
  remove(name: string): Promise<void>;
}

/** File names the storage accepts: what seeds and uploads generate, never a path. */
export const IMAGE_NAME = /^[\w.-]{1,200}\.(svg|png|jpe?g|webp|gif)$/i;

/**
 * An image's name from its content (SHA-256), so the bytes behind a name never change and browsers
 * may keep it for good. Names given before (`product-<uuid>.png`, `demo-3-1.svg`) still serve, with
 * a one-day cache.
 */
export function contentAddressedName(data: Buffer | string, extension: string): string {
  return `${createHash('sha256').update(data).digest('hex')}.${extension}`;
}

export const isContentAddressed = (name: string) => /^[0-9a-f]{64}\.\w+$/.test(name);

/** Images in the `image_file` table of catalog's database. */
export class DatabaseImageStorage implements ImageStorage {
  constructor(private readonly db: Pick<CatalogDatabase, 'imageFile'>) {}

  async read(name: string): Promise<Buffer | null> {
    if (!IMAGE_NAME.test(name)) return null;
    const file = await this.db.imageFile.findUnique({ where: { name }, select: { data: true } });
    return file ? Buffer.from(file.data) : null;
  }

  async write(name: string, data: Buffer | string): Promise<void> {
    if (!IMAGE_NAME.test(name)) throw new Error(`not an image file name: ${name}`);
    // A name already there has the same bytes (content-addressed) or is the same upload again.
    await this.db.imageFile.createMany({ data: [{ name, data: Buffer.from(data) }], skipDuplicates: true });
  }

  async remove(name: string): Promise<void> {
    if (!IMAGE_NAME.test(name)) return;
    await this.db.imageFile.deleteMany({ where: { name } });
  }
}

/**
 * Moves the images an older catalog kept on its local disk (`dir`) into `storage`, once: the folder
 * is renamed `<dir>.imported` afterwards. Nothing to do where there is no such folder.
 */
export async function importImagesFromDisk(dir: string, storage: ImageStorage): Promise<number> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => IMAGE_NAME.test(name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  for (const name of names) await storage.write(name, await readFile(join(dir, name)));
  await rename(dir, `${dir}.imported`);
  return names.length;
}

export const IMAGE_STORAGE = Symbol('IMAGE_STORAGE');
