import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Where product images live: local disk here; an S3-compatible store is the other adapter. */
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

export class LocalDiskImageStorage implements ImageStorage {
  constructor(private readonly dir: string) {}

  async read(name: string): Promise<Buffer | null> {
    if (!IMAGE_NAME.test(name)) return null;
    try {
      return await readFile(join(this.dir, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async write(name: string, data: Buffer | string): Promise<void> {
    if (!IMAGE_NAME.test(name)) throw new Error(`not an image file name: ${name}`);
    await mkdir(this.dir, { recursive: true });
    await writeFile(join(this.dir, name), data);
  }

  async remove(name: string): Promise<void> {
    if (!IMAGE_NAME.test(name)) return;
    await rm(join(this.dir, name), { force: true });
  }
}

export const IMAGE_STORAGE = Symbol('IMAGE_STORAGE');
