import type { CallHandler, ExecutionContext, NestInterceptor, Type } from '@nestjs/common';
import {
  BadRequestException,
  createParamDecorator,
  Injectable,
  mixin,
  PayloadTooLargeException,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';

/** A file part of a multipart upload, read into memory. */
export interface UploadedPart {
  fieldname: string;
  originalname: string;
  mimetype: string;
  size: number;
  buffer: Buffer;
}

/** Busboy's limits on one upload: bytes per file, files, text fields, bytes per text field. */
export interface MultipartLimits {
  fileSize: number;
  files: number;
  fields: number;
  fieldSize?: number;
}

const UPLOADED_PARTS = Symbol('UPLOADED_PARTS');
type WithParts = FastifyRequest & { [UPLOADED_PARTS]?: UploadedPart[] };

/** Nest's bare exceptions for an upload refused: what `UploadErrorsFilter` and `ErrorBodyFilter` word. */
function refusal(error: unknown): Error {
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new PayloadTooLargeException('File too large');
  if (code === 'FST_FILES_LIMIT') return new BadRequestException('Too many files');
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
    return new BadRequestException('Too many fields');
  return new BadRequestException('Malformed multipart body');
}

/**
 * Reads a multipart request's parts within `limits` before the handler: the text fields become
 * its body (`@Body()`), the files `@UploadedParts()`. Other requests pass untouched (no parts:
 * undefined). A refused upload is a 413 (a file too large) or a 400, before anything is stored.
 */
export function MultipartParts(limits: MultipartLimits): Type<NestInterceptor> {
  @Injectable()
  class MultipartPartsInterceptor implements NestInterceptor {
    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const request = context.switchToHttp().getRequest<WithParts>();
      if (!request.isMultipart()) return next.handle();
      const fields: Record<string, string> = {};
      const files: UploadedPart[] = [];
      try {
        for await (const part of request.parts({ limits })) {
          if (part.type === 'file') {
            const buffer = await part.toBuffer();
            files.push({
              fieldname: part.fieldname,
              originalname: part.filename,
              mimetype: part.mimetype,
              size: buffer.length,
              buffer,
            });
          } else if (part.valueTruncated) {
            throw new BadRequestException('Field value too long');
          } else {
            fields[part.fieldname] = String(part.value);
          }
        }
      } catch (error) {
        throw error instanceof BadRequestException ? error : refusal(error);
      }
      request.body = fields;
      request[UPLOADED_PARTS] = files;
      return next.handle();
    }
  }
  return mixin(MultipartPartsInterceptor);
}

/** The files `MultipartParts` read; undefined for a request that was not multipart. */
export const UploadedParts = createParamDecorator(
  (_data: unknown, context: ExecutionContext): UploadedPart[] | undefined =>
    context.switchToHttp().getRequest<WithParts>()[UPLOADED_PARTS],
);
