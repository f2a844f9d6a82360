import type { ArgumentsHost, ExceptionFilter } from '@nestjs/common';
import { BadRequestException, Catch, HttpStatus, PayloadTooLargeException } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ProductMessages } from '@mkt/contracts';
import type { ErrorBody } from '@mkt/http';

/**
 * The refusals of a product registration's upload (`MultipartParts`), in words a seller understands: an image over the
 * size limit (413), too many images, or a body that is not readable multipart (400), raised as
 * Nest's bare exceptions; our own refusals are other classes and pass through untouched.
 */
@Catch(PayloadTooLargeException, BadRequestException)
export class UploadErrorsFilter implements ExceptionFilter {
  catch(exception: PayloadTooLargeException | BadRequestException, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<FastifyReply>();
    if (exception instanceof PayloadTooLargeException) {
      void response
        .status(HttpStatus.PAYLOAD_TOO_LARGE)
        .send({ error: 'PAYLOAD_TOO_LARGE', message: ProductMessages.imageTooLarge } satisfies ErrorBody);
      return;
    }
    const tooManyFiles = /too many files/i.test(exception.message);
    void response.status(HttpStatus.BAD_REQUEST).send({
      error: 'BAD_REQUEST',
      message: tooManyFiles ? ProductMessages.tooManyImages : ProductMessages.malformedUpload,
    } satisfies ErrorBody);
  }
}
