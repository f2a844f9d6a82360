import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { extname } from 'node:path';
import { NotFound } from '@mkt/http';
import type { ImageStorage } from './image-storage';
import { IMAGE_STORAGE, isContentAddressed } from './image-storage';

const CONTENT_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
};

@Controller('images/product')
export class ImageController {
  constructor(@Inject(IMAGE_STORAGE) private readonly storage: ImageStorage) {}

  @Get(':name')
  async read(@Param('name') name: string, @Res() reply: FastifyReply): Promise<void> {
    const data = await this.storage.read(name);
    if (!data) throw new NotFound('이미지를 찾을 수 없습니다.');
    await reply
      .type(CONTENT_TYPES[extname(name).toLowerCase()] ?? 'application/octet-stream')
      .header(
        'Cache-Control',
        isContentAddressed(name) ? 'public, max-age=31536000, immutable' : 'public, max-age=86400',
      )
      .send(data);
  }
}
