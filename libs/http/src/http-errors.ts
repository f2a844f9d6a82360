import type { ArgumentsHost, ExceptionFilter } from '@nestjs/common';
import { Catch, HttpException, HttpStatus } from '@nestjs/common';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { JsonLogger } from '@mkt/observability';
import { MalformedServiceAnswer } from './service-client';

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

/** A control character other than tab and line breaks, which multi-line text keeps. */
const CONTROL_CHARACTER = /[^\P{Cc}\t\n\r]/u;

/**
 * The path to the first text in `input` holding a control character, or undefined. Walked without
 * recursion, so a deeply nested body cannot exhaust the stack.
 */
function controlCharacterPath(input: unknown): string[] | undefined {
  type Node = { value: unknown; key?: string; parent?: Node };
  const queue: Node[] = [{ value: input }];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i];
    if (typeof node.value === 'string' && CONTROL_CHARACTER.test(node.value)) {
      const path: string[] = [];
      for (let at: Node | undefined = node; at?.key !== undefined; at = at.parent) path.unshift(at.key);
      return path;
    }
    if (typeof node.value === 'object' && node.value !== null) {
      for (const [key, value] of Object.entries(node.value)) queue.push({ value, key, parent: node });
    }
  }
  return undefined;
}

const fieldMessage = (path: readonly PropertyKey[], message: string) =>
  path.length ? `${path.map(String).join('.')}: ${message}` : message;

/**
 * Parses input with a schema; a failure becomes a 400 naming each bad field. Text with a control
 * character (a NUL the database refuses, among others) is refused in every field the schema keeps.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) {
    throw new BadInput(
      result.error.issues.map((issue) => fieldMessage(issue.path, issue.message)).join('; '),
    );
  }
  const controlCharacterAt = controlCharacterPath(result.data);
  if (controlCharacterAt) {
    throw new BadInput(fieldMessage(controlCharacterAt, '제어 문자(NUL 등)는 입력할 수 없습니다.'));
  }
  return result.data;
}

/**
 * Answers for requests the server could not read, whose own messages are English: Fastify's errors
 * (a body too large or not JSON, an unknown media type) reach the filter as they are, while an
 * upload's refusals become Nest's bare exceptions first (`MultipartParts`).
 */
const UNREADABLE_REQUEST: Partial<Record<number, ErrorBody>> = {
  [HttpStatus.BAD_REQUEST]: {
    error: 'BAD_REQUEST',
    message: '요청을 읽을 수 없습니다. 본문의 형식(JSON 등)과 주소의 인코딩을 확인해 주세요.',
  },
  [HttpStatus.PAYLOAD_TOO_LARGE]: { error: 'PAYLOAD_TOO_LARGE', message: '요청 본문이 너무 큽니다.' },
  [HttpStatus.UNSUPPORTED_MEDIA_TYPE]: {
    error: 'UNSUPPORTED_MEDIA_TYPE',
    message: '요청 본문의 인코딩이나 문자 집합을 지원하지 않습니다.',
  },
};

/**
 * Refuses a query string with a broken %-escape (`keyword=%ZZ`, or bytes that are not UTF-8), which
 * the query parser would otherwise pass on as the literal text. Paths are the router's own check.
 */
export function refuseMalformedQueries(fastify: FastifyInstance): void {
  // After every `onRequest` hook, so that this refusal carries the security headers too.
  fastify.addHook('preValidation', (request, reply, done) => {
    const query = request.url.indexOf('?');
    if (query >= 0) {
      try {
        decodeURIComponent(request.url.slice(query + 1));
      } catch {
        void reply.code(HttpStatus.BAD_REQUEST).send(UNREADABLE_REQUEST[HttpStatus.BAD_REQUEST]);
        return;
      }
    }
    done();
  });
}

/**
 * Refuses a body in a character set other than UTF-8 (415), which Fastify's parsers would read as
 * UTF-8 anyway, and answers a URL the router cannot decode (Fastify's "framework errors") in Korean.
 */
export function refuseUnreadableBodies(fastify: FastifyInstance): void {
  fastify.addHook('preParsing', (request, _reply, payload, done) => {
    const charset = /;\s*charset="?([^";\s]+)/i.exec(request.headers['content-type'] ?? '')?.[1];
    if (charset === undefined || /^utf-?8$/i.test(charset)) done(null, payload);
    else done(new HttpException(UNREADABLE_REQUEST[HttpStatus.UNSUPPORTED_MEDIA_TYPE] as ErrorBody, 415));
  });
}

/** Fastify's `frameworkErrors`: a path with a broken %-escape, answered before any route or hook. */
export function answerFrameworkError(_error: Error, _request: unknown, reply: FastifyReply): void {
  void reply.code(HttpStatus.BAD_REQUEST).send(UNREADABLE_REQUEST[HttpStatus.BAD_REQUEST]);
}

/** The 4xx status of an error Fastify marks as the client's (a body it could not read). */
function clientErrorStatus(exception: unknown): number | undefined {
  if (!(exception instanceof Error) || !('statusCode' in exception)) return undefined;
  const status = exception.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

/** Maps every exception to an ErrorBody; unexpected ones are logged and answered with a 500 without details. */
@Catch()
export class ErrorBodyFilter implements ExceptionFilter {
  constructor(private readonly logger: JsonLogger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    // JSON even where the route declared another type for its answer (a text one, say).
    const response = host.switchToHttp().getResponse<FastifyReply>().type('application/json');
    if (exception instanceof MalformedServiceAnswer)
      this.logger.error('service answer does not match its contract', {
        service: exception.service,
        path: exception.path,
        issue: exception.issue,
      });
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const body = exception.getResponse();
      response.status(status).send(
        isErrorBody(body)
          ? body
          : (UNREADABLE_REQUEST[status] ?? {
              error: HttpStatus[status] ?? 'ERROR',
              message: exception.message,
            }),
      );
      return;
    }
    const clientStatus = clientErrorStatus(exception);
    if (clientStatus !== undefined) {
      response.status(clientStatus).send(
        UNREADABLE_REQUEST[clientStatus] ?? {
          error: HttpStatus[clientStatus] ?? 'BAD_REQUEST',
          message: '요청을 읽을 수 없습니다.',
        },
      );
      return;
    }
    this.logger.error('unhandled error', {
      error: exception instanceof Error ? exception.stack : String(exception),
    });
    response.status(500).send({
      error: 'INTERNAL_ERROR',
      message: '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.',
    });
  }
}

/** Ours, not the `{ statusCode, message, error }` Nest's built-in exceptions carry. */
function isErrorBody(body: unknown): body is ErrorBody {
  return (
    typeof body === 'object' &&
    body !== null &&
    'error' in body &&
    'message' in body &&
    !('statusCode' in body)
  );
}
