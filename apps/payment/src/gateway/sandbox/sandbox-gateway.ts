import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { SandboxPayResult } from '@mkt/contracts';
import { z } from 'zod';
import type { PortOneAnswer, PortOneToken } from '../portone-api';
import { SandboxLedger, SandboxRefusal } from './sandbox-ledger';
import { sandboxPaySchema } from '@mkt/contracts';
import { SANDBOX_PAY_PATH } from './sandbox-pay';

export interface SandboxGatewayOptions {
  host?: string;
  /** 0 or absent: any free port. */
  port?: number;
  /** The API key and secret it issues tokens for; random ones when absent. */
  apiKey?: string;
  apiSecret?: string;
  /** How long an access token lives; PortOne's live 30 minutes. */
  tokenLifetimeSeconds?: number;
}

/** A running sandbox gateway. */
export interface SandboxGateway {
  url: string;
  apiKey: string;
  apiSecret: string;
  /** How many access tokens it issued: tests see the adapter reuse them. */
  issuedTokenCount(): number;
  /** Forgets every access token, as if each had expired: tests see the adapter renew. */
  revokeTokens(): void;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 64 * 1024;

const tokenRequestSchema = z.object({ imp_key: z.string(), imp_secret: z.string() });

const cancelRequestSchema = z.object({
  imp_uid: z.string().trim().min(1, 'imp_uid가 필요합니다.'),
  amount: z.number().int().positive().optional(),
  reason: z.string().max(256).optional(),
  checksum: z.number().int().nonnegative().optional(),
});

const ok = <T>(response: T): PortOneAnswer<T> => ({ code: 0, message: null, response });

/** The first problem of a refused body, named by its field, as PortOne's messages do. */
function invalidInput(error: z.ZodError): SandboxRefusal {
  const issue = error.issues[0];
  const field = issue.path.join('.');
  return new SandboxRefusal(400, field ? `${field}: ${issue.message}` : issue.message);
}

function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw invalidInput(parsed.error);
  return parsed.data;
}

async function readJsonBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new SandboxRefusal(413, '요청 본문이 너무 큽니다.');
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new SandboxRefusal(400, '요청 본문은 JSON이어야 합니다.');
  }
}

function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new SandboxRefusal(400, `잘못된 경로입니다: ${segment}`);
  }
}

function send(response: ServerResponse, status: number, answer: PortOneAnswer<unknown>): void {
  const json = JSON.stringify(answer);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
  });
  response.end(json);
}

/**
 * A stand-in for PortOne that speaks the part of its v1 REST API the payment service uses
 * (`POST /users/getToken`, `GET /payments/{imp_uid}`, `GET /payments/find/{merchant_uid}`,
 * `POST /payments/cancel`), so the PortOne adapter runs unchanged against it, plus its own pay call
 * (`POST /sandbox/payments`) in place of PortOne's payment window. Its payments live in memory.
 */
export async function startSandboxGateway(options: SandboxGatewayOptions = {}): Promise<SandboxGateway> {
  const apiKey = options.apiKey ?? randomBytes(8).toString('hex');
  const apiSecret = options.apiSecret ?? randomBytes(24).toString('base64url');
  const tokenLifetimeSeconds = options.tokenLifetimeSeconds ?? 30 * 60;
  const ledger = new SandboxLedger();
  /** Access token → when it expires (epoch ms). */
  const tokens = new Map<string, number>();
  let issuedTokens = 0;

  const issueToken = (body: unknown): PortOneAnswer<PortOneToken> => {
    const credentials = parseBody(tokenRequestSchema, body);
    if (credentials.imp_key !== apiKey || credentials.imp_secret !== apiSecret) {
      throw new SandboxRefusal(401, 'imp_key, imp_secret 파라미터가 잘못되었습니다.');
    }
    const token = randomBytes(20).toString('hex');
    const now = Math.floor(Date.now() / 1000);
    tokens.set(token, (now + tokenLifetimeSeconds) * 1000);
    issuedTokens += 1;
    return ok({ access_token: token, now, expired_at: now + tokenLifetimeSeconds });
  };

  const requireToken = (request: IncomingMessage): void => {
    const token = /^(?:Bearer\s+)?(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const expiresAt = token ? tokens.get(token) : undefined;
    if (expiresAt === undefined || expiresAt <= Date.now()) throw new SandboxRefusal(401, 'Unauthorized');
  };

  const pay = (body: unknown): PortOneAnswer<SandboxPayResult> => {
    const payment = ledger.pay(parseBody(sandboxPaySchema, body));
    return ok({
      imp_uid: payment.imp_uid,
      status: payment.status === 'paid' ? 'paid' : 'failed',
      fail_reason: payment.fail_reason,
    });
  };

  /** The answer to one request; a refusal thrown on the way becomes PortOne's `{ code: -1, message }`. */
  const answer = async (request: IncomingMessage): Promise<PortOneAnswer<unknown>> => {
    const { pathname } = new URL(request.url ?? '/', 'http://sandbox');
    const route = `${request.method} ${pathname}`;
    if (route === 'POST /users/getToken') return issueToken(await readJsonBody(request));
    if (route === `POST ${SANDBOX_PAY_PATH}`) return pay(await readJsonBody(request));
    if (route === 'POST /payments/cancel') {
      requireToken(request);
      return ok(ledger.cancel(parseBody(cancelRequestSchema, await readJsonBody(request))));
    }
    const lookup = request.method === 'GET' ? /^\/payments\/(find\/)?([^/]+)$/.exec(pathname) : null;
    if (!lookup) throw new SandboxRefusal(404, `${route}: 샌드박스가 제공하지 않는 API입니다.`);
    requireToken(request);
    const [, byMerchantUid, segment] = lookup;
    const id = decodePathSegment(segment);
    return ok(byMerchantUid ? ledger.findLatest(id) : ledger.find(id));
  };

  const server = createServer((request, response) => {
    answer(request).then(
      (body) => send(response, 200, body),
      (error: unknown) => {
        const refusal =
          error instanceof SandboxRefusal
            ? error
            : new SandboxRefusal(500, `샌드박스 오류: ${String(error)}`);
        send(response, refusal.httpStatus, { code: -1, message: refusal.message, response: null });
      },
    );
  });

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as { port: number };
  const urlHost = host === '0.0.0.0' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;

  return {
    url: `http://${urlHost}:${port}`,
    apiKey,
    apiSecret,
    issuedTokenCount: () => issuedTokens,
    revokeTokens: () => tokens.clear(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Clients keep connections alive; the sandbox ends them rather than wait for their timeout.
        server.closeAllConnections();
      }),
  };
}
