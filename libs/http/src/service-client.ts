import { HttpException, HttpStatus } from '@nestjs/common';
import type { z } from 'zod';
import { traceHeaders } from '@mkt/messaging';
import { CORRELATION_HEADER, currentCorrelationId } from '@mkt/observability';
import type { ErrorBody } from './http-errors';
import { keepAliveTransport } from './keep-alive-transport';

/** Raised when a service cannot be reached or fails; the shopper sees a 502 with a readable message. */
export class ServiceUnavailable extends HttpException {
  constructor(service: string) {
    super(
      {
        error: 'SERVICE_UNAVAILABLE',
        message: `${service} 서비스에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.`,
      } satisfies ErrorBody,
      HttpStatus.BAD_GATEWAY,
    );
  }
}

/**
 * A service answered a read with something its contract's schema refuses. It is never passed on:
 * the caller gets a 502, and the error filter logs the service, the path and the first issue.
 */
export class MalformedServiceAnswer extends HttpException {
  constructor(
    readonly service: string,
    readonly path: string,
    readonly issue: string,
  ) {
    super(
      {
        error: 'BAD_SERVICE_ANSWER',
        message: `${service} 서비스가 알 수 없는 응답을 보냈습니다. 잠시 후 다시 시도해 주세요.`,
      } satisfies ErrorBody,
      HttpStatus.BAD_GATEWAY,
    );
  }
}

type Query = Record<string, string | number | undefined>;

/** The JSON answer; an empty one (a service answering null) is null. */
async function readJson<T>(response: Response): Promise<T> {
  const text = await response.text();
  return (text === '' ? null : JSON.parse(text)) as T;
}

/**
 * How a call reaches the service: internal HTTP on kept-alive connections (`keepAliveTransport`)
 * unless told otherwise. Standalone mode passes one that dispatches into the service's application
 * in the same process (`inProcessTransport`). It must end the call when `init.signal` aborts.
 */
export type ServiceTransport = (url: URL, init: RequestInit) => Promise<Response>;

export interface ServiceClientOptions {
  transport?: ServiceTransport;
  /** How long a call may take before it counts as failed (the caller gets a 502). */
  timeoutMs?: number;
  /** Pause before the one retry of a read. */
  retryDelayMs?: number;
}

/** A service that did not answer, or answered with a failure of its own (not a refusal). */
const failed = (response: Response | undefined) => !response || response.status >= 500;

/**
 * JSON over internal HTTP (or its in-process stand-in, `ServiceTransport`) to one service. The caller's correlation id and trace context travel along; a service's
 * 4xx answer (bad input, not found, refused) is passed on as it is; anything else becomes a 502.
 * Each call has a time limit; a read (GET, idempotent) that fails is tried once more.
 */
export class ServiceClient {
  private readonly timeoutMs: number;
  private readonly retryDelayMs: number;
  private readonly transport: ServiceTransport;

  constructor(
    readonly service: string,
    private readonly baseUrl: string,
    options: ServiceClientOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.retryDelayMs = options.retryDelayMs ?? 100;
    this.transport = options.transport ?? keepAliveTransport;
  }

  /** A read whose answer must match `answer`, the contract's schema (libs/contracts). */
  async get<T>(path: string, answer: z.ZodType<T>, query?: Query): Promise<T> {
    const body = await readJson<unknown>(await this.send('GET', path, query));
    const checked = answer.safeParse(body);
    // Checked, then passed on as it came: a field the schema does not name is not dropped.
    if (checked.success) return body as T;
    const [issue] = checked.error.issues;
    throw new MalformedServiceAnswer(
      this.service,
      path,
      `${issue.path.join('.') || '(the answer)'}: ${issue.message}`,
    );
  }

  async post<T>(path: string, body: unknown): Promise<T> {
    return readJson<T>(await this.send('POST', path, undefined, body));
  }

  /** A multipart body (files along with fields), sent as it is. */
  async postForm<T>(path: string, form: FormData): Promise<T> {
    return readJson<T>(await this.send('POST', path, undefined, form));
  }

  async put<T>(path: string, body: unknown): Promise<T> {
    return readJson<T>(await this.send('PUT', path, undefined, body));
  }

  async delete<T>(path: string): Promise<T> {
    return readJson<T>(await this.send('DELETE', path));
  }

  /** The raw response, for bodies that are not JSON (images). */
  async fetch(path: string): Promise<Response> {
    return this.send('GET', path);
  }

  private async send(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    query?: Query,
    body?: unknown,
  ): Promise<Response> {
    const url = new URL(path, this.baseUrl);
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    const attempt = () =>
      this.transport(url, {
        method,
        headers: {
          accept: 'application/json',
          // fetch writes a form's own multipart content type, boundary included.
          ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }),
          [CORRELATION_HEADER]: currentCorrelationId() ?? '',
          ...traceHeaders(),
        },
        body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      }).catch(() => undefined);
    let response = await attempt();
    if (method === 'GET' && failed(response)) {
      await response?.body?.cancel();
      await new Promise((wait) => setTimeout(wait, this.retryDelayMs));
      response = await attempt();
    }
    if (!response) throw new ServiceUnavailable(this.service);
    if (response.ok) return response;
    if (response.status >= 400 && response.status < 500) {
      const body = (await response.json().catch(() => null)) as ErrorBody | null;
      throw new HttpException(
        body ?? { error: 'BAD_REQUEST', message: response.statusText },
        response.status,
      );
    }
    throw new ServiceUnavailable(this.service);
  }
}
