import type { ArgumentsHost, ExceptionFilter } from '@nestjs/common';
import { Catch, HttpException, HttpStatus } from '@nestjs/common';
import type { Response } from 'express';
import { z } from 'zod';
import type { JsonLogger } from './logger';

/** The error body every service and the BFF answer with: a code for programs, a message for people. */
export interface ErrorBody {
  error: string;
  message: string;
}

/** Bad input, described so a person can fix it; nothing was changed. */
export class BadInput extends HttpException {
  constructor(message: string) {
    super({ error: 'BAD_REQUEST', message } satisfies ErrorBody, HttpStatus.BAD_REQUEST);
  }
}

export class NotFound extends HttpException {
  constructor(message: string) {
    super({ error: 'NOT_FOUND', message } satisfies ErrorBody, HttpStatus.NOT_FOUND);
  }
}

/** Parses input with a schema; a failure becomes a 400 naming each bad field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new BadInput(
    result.error.issues
      .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
      .join('; '),
  );
}

/** Maps every exception to an ErrorBody; unexpected ones are logged and answered with a 500 without details. */
@Catch()
export class ErrorBodyFilter implements ExceptionFilter {
  constructor(private readonly logger: JsonLogger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const body = exception.getResponse();
      response
        .status(status)
        .json(
          isErrorBody(body) ? body : { error: HttpStatus[status] ?? 'ERROR', message: exception.message },
        );
      return;
    }
    this.logger.error('unhandled error', {
      error: exception instanceof Error ? exception.stack : String(exception),
    });
    response.status(500).json({
      error: 'INTERNAL_ERROR',
      message: '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.',
    });
  }
}

function isErrorBody(body: unknown): body is ErrorBody {
  return typeof body === 'object' && body !== null && 'error' in body && 'message' in body;
}
