import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { ServiceTransport } from './service-client';

/** What an HTTP server hands each request to: a Fastify instance's `routing` is one. */
export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

type Callback = (error?: Error | null) => void;

/**
 * A response whose body is kept in memory instead of written to a socket, handed to `done` when it
 * ends (its `write` and `end` are the object's own).
 */
function capturedResponse(req: IncomingMessage, done: (response: Response) => void): ServerResponse {
  const res = new ServerResponse(req);
  const chunks: Buffer[] = [];
  const keep = (chunk: unknown, encoding?: BufferEncoding | Callback) => {
    if (chunk === undefined || chunk === null || chunk === '' || typeof chunk === 'function') return;
    chunks.push(
      chunk instanceof Uint8Array
        ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
        : Buffer.from(String(chunk), typeof encoding === 'string' ? encoding : 'utf8'),
    );
  };
  // Headers handed to writeHead (Fastify's way) are kept as if set one by one, so they are read back below.
  const writeHead = res.writeHead.bind(res) as (status: number, message?: string) => ServerResponse;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const message = typeof rest[0] === 'string' ? rest[0] : undefined;
    const headers = rest.find((arg) => typeof arg === 'object' && arg !== null && !Array.isArray(arg));
    for (const [name, value] of Object.entries(headers ?? {}))
      if (value !== undefined) res.setHeader(name, value as string | string[]);
    return writeHead(status, message);
  }) as ServerResponse['writeHead'];
  const callbackOf = (...args: unknown[]) =>
    args.find((arg) => typeof arg === 'function') as Callback | undefined;
  res.write = (chunk: unknown, encoding?: BufferEncoding | Callback, callback?: Callback) => {
    if (!res.headersSent) res.writeHead(res.statusCode);
    keep(chunk, encoding);
    callbackOf(encoding, callback)?.();
    return true;
  };
  res.end = (chunk?: unknown, encoding?: BufferEncoding | Callback, callback?: Callback) => {
    if (!res.headersSent) res.writeHead(res.statusCode);
    keep(chunk, encoding);
    res.finished = true;
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.getHeaders())) {
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, String(one));
    }
    const body = chunks.length === 0 || noBody(res.statusCode) ? null : Buffer.concat(chunks);
    done(new Response(body, { status: res.statusCode, statusText: res.statusMessage, headers }));
    res.emit('prefinish');
    res.emit('finish');
    callbackOf(chunk, encoding, callback)?.();
    return res;
  };
  return res;
}

const noBody = (status: number) => status === 204 || status === 304;

/**
 * A `ServiceTransport` that hands each call to a server's request listener in this process, with
 * no socket: the service's whole HTTP stack (middleware, pipes, guards, filters) runs as it would
 * for a call over the network, and the answer comes back as a fetch `Response`.
 */
export function inProcessTransport(listener: RequestListener): ServiceTransport {
  return async (url, init) => {
    // A fetch Request does the encoding (JSON text, a multipart form with its boundary).
    const request = new Request(url, init);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    init.signal?.throwIfAborted();
    const req = new IncomingMessage(new Socket());
    req.method = request.method;
    req.url = url.pathname + url.search;
    req.httpVersion = '1.1';
    req.httpVersionMajor = 1;
    req.httpVersionMinor = 1;
    req.headers.host = url.host;
    for (const [name, value] of request.headers) {
      req.headers[name] = value;
      req.rawHeaders.push(name, value);
    }
    if (body) req.headers['content-length'] = String(body.length);
    if (body) req.push(body);
    req.push(null);
    // The whole message is here: without this, the stream's end counts as the client aborting
    // (IncomingMessage emits 'aborted', which a multipart parser fails the upload on).
    req.complete = true;
    return new Promise<Response>((resolve, reject) => {
      const abort = () => reject(init.signal?.reason);
      init.signal?.addEventListener('abort', abort, { once: true });
      const res = capturedResponse(req, (response) => {
        init.signal?.removeEventListener('abort', abort);
        resolve(response);
      });
      listener(req, res);
    });
  };
}
