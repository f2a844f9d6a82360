import type { ProductImageType } from '@mkt/contracts';
import {
  MAX_PRODUCT_IMAGE_BYTES,
  MAX_PRODUCT_IMAGES,
  PRODUCT_IMAGE_TYPES,
  ProductMessages,
} from '@mkt/contracts';
import type { UploadedPart } from '@mkt/http';
import { BadInput } from '@mkt/http';
import type { ImageStorage } from './image-storage';
import { contentAddressedName } from './image-storage';

/** An uploaded image that passed the checks, with the name it is stored under. */
export interface CheckedImage {
  name: string;
  data: Buffer;
}

/**
 * The image type the bytes say, whatever the upload declared: PNG, JPEG, GIF and WebP by their
 * signatures. SVG is not taken from uploads (it can carry script).
 */
export function sniffImageType(data: Buffer): ProductImageType | null {
  const starts = (bytes: number[], at = 0) => bytes.every((byte, i) => data[at + i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (
    data
      .subarray(0, 6)
      .toString('latin1')
      .match(/^GIF8[79]a$/)
  )
    return 'image/gif';
  if (
    data.subarray(0, 4).toString('latin1') === 'RIFF' &&
    data.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}

/** Checks every file before anything is stored: count, size, and content by its bytes. */
export function checkImages(files: UploadedPart[]): CheckedImage[] {
  if (files.length > MAX_PRODUCT_IMAGES) throw new BadInput(ProductMessages.tooManyImages);
  return files.map((file) => {
    if (file.size > MAX_PRODUCT_IMAGE_BYTES || file.buffer.length > MAX_PRODUCT_IMAGE_BYTES) {
      throw new BadInput(ProductMessages.imageTooLarge);
    }
    const type = sniffImageType(file.buffer);
    if (!type) throw new BadInput(ProductMessages.notAnImage);
    return { name: contentAddressedName(file.buffer, PRODUCT_IMAGE_TYPES[type]), data: file.buffer };
  });
}

/**
 * Stores the images, runs `save` (the database write), and removes the files it wrote again when
 * either fails, so a refused or failed registration leaves no file behind. A file already there has
 * the same bytes (its name is their hash), maybe another product's: it is neither written nor removed.
 */
export async function storeImagesWith<T>(
  storage: ImageStorage,
  images: CheckedImage[],
  save: () => Promise<T>,
): Promise<T> {
  const written: string[] = [];
  try {
    for (const image of images) {
      if (await storage.read(image.name)) continue;
      written.push(image.name);
      await storage.write(image.name, image.data);
    }
    return await save();
  } catch (error) {
    await Promise.allSettled(written.map((name) => storage.remove(name)));
    throw error;
  }
}
