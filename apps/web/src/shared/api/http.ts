/**
 * The storefront's HTTP client: same-origin fetch, JSON in and out. A non-2xx answer rejects with
 * an {@link HttpError} carrying the status and the server's `message`. No timeout (spec section 9).
 */

/** Base path of every call: the BFF is served from the same origin as the web app. */
export const API_BASE = '';

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: QueryParams;
  /** Sent as JSON unless it is FormData or URLSearchParams. */
  body?: unknown;
  credentials?: RequestCredentials;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export class HttpError extends Error {
  readonly status: number;
  /** The server's error code when it sends one (`error` or `err`, e.g. REQUIRED_LOGIN). */
  readonly code: string | undefined;
  /** The parsed response body. */
  readonly body: unknown;

  constructor(status: number, message: string, body: unknown, code?: string) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
    this.code = code;
  }
}

export function buildUrl(path: string, query?: QueryParams): string {
  const url = `${API_BASE}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function messageOf(body: unknown, response: Response): string {
  if (isRecord(body)) {
    const { message } = body;
    if (typeof message === 'string' && message) return message;
    if (Array.isArray(message) && message.length > 0) return message.map(String).join(', ');
  }
  if (typeof body === 'string' && body.trim()) return body.trim();
  return `요청에 실패했습니다 (HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''})`;
}

function codeOf(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  for (const key of ['err', 'error', 'code'] as const) {
    const value = body[key];
    if (typeof value === 'string' && value) return value;
  }
  return undefined;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData || body instanceof URLSearchParams) return body;
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers = new Headers({ Accept: 'application/json', ...options.headers });
  const response = await fetch(buildUrl(path, options.query), {
    method: options.method ?? 'GET',
    headers,
    body: encodeBody(options.body, headers),
    credentials: options.credentials ?? 'same-origin',
    signal: options.signal,
  });
  const body = await readBody(response);
  if (!response.ok) throw new HttpError(response.status, messageOf(body, response), body, codeOf(body));
  // The server's contract (libs/contracts) is the source of truth for the shape.
  return body as T;
}

export const http = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'DELETE' }),
};
