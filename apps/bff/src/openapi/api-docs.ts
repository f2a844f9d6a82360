import type { INestApplication } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { OperationObject, ParameterObject, SchemaObject } from '@nestjs/swagger';
import { categoryDepthSchema, positiveIdSchema, SOCIAL_PROVIDERS } from '@mkt/contracts';
import { cleanupOpenApiDoc } from 'nestjs-zod';
import { BEARER, ERROR_BODY_SCHEMA, NAMED_SCHEMAS, openApiSchema } from './api-doc';

/** Swagger UI; the document itself is at {@link API_DOCS_JSON_PATH}. */
export const API_DOCS_PATH = '/api/docs';
export const API_DOCS_JSON_PATH = '/api/docs-json';

const id = (what: string) => ({ schema: openApiSchema(positiveIdSchema, 'input'), description: what });
const base64Id = (what: string) => ({
  schema: { type: 'string', example: 'MTI=' } satisfies SchemaObject,
  description: `${what}, base64 of its decimal digits (MTI= is 12)`,
});
const text = (description: string) => ({ schema: { type: 'string' } satisfies SchemaObject, description });

/** Every path parameter of the API, by the name the routes give it. */
export const PATH_PARAMETERS: Record<string, { schema: SchemaObject; description: string }> = {
  depth: { schema: openApiSchema(categoryDepthSchema, 'input'), description: 'category depth, 1 to 3' },
  ctno: id('category number'),
  pno: id('product number'),
  encodedPno: base64Id('product number'),
  encodedMno: base64Id('member number'),
  encodedNno: base64Id('notice number'),
  encodedFno: base64Id('FAQ number'),
  mno: id('member number'),
  cino: id('cart line number'),
  wno: id('wish number'),
  rno: id('review number'),
  orno: id('order line number'),
  qno: id('inquiry number'),
  ono: id('order number'),
  pmno: id('payment number (`pmno` of the payment record)'),
  rfno: id('refund number'),
  impUid: text("the gateway's payment id (`imp_uid`)"),
  email: text("the member's e-mail"),
  name: text('stored image name (`product-<uuid>.<ext>`)'),
  provider: {
    schema: { type: 'string', enum: [...SOCIAL_PROVIDERS] },
    description: 'social sign-in provider',
  },
  code: text("the provider's authorization code"),
  accessToken: text('the one-time ticket the token call answered'),
};

const TOO_MANY_REQUESTS =
  'TOO_MANY_REQUESTS: over RATE_LIMIT_PER_MINUTE calls from this address this minute (Retry-After says when to retry)';
const BODY_TOO_LARGE = 'PAYLOAD_TOO_LARGE: a body over 100 KB';

/** `FaqController_create` is tagged `Faq`: Swagger UI groups the routes by controller. */
const tagOf = (operationId: string) => operationId.split('_')[0].replace(/Controller$/, '');

/** The OpenAPI document of every route the app serves, from the routes' `@ApiDoc` and access decorators. */
export function apiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('딜마켓 BFF API')
    .setDescription(
      "The public API of the marketplace (the calls of the spec's client and ours). Errors answer `{ error, message }` with a Korean message. " +
        'Protected calls take the access token of `POST /api/member/login` as `Authorization: Bearer <token>`; `x-roles` names the roles a call is for.',
    )
    .setVersion('1')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, BEARER)
    .build();
  // Swagger reads path DTOs (nestjs-zod's) parameter by parameter; nestjs-zod tidies what it marked.
  const document = cleanupOpenApiDoc(SwaggerModule.createDocument(app, config));
  describeOperatorsMetrics(document);
  document.components = {
    ...document.components,
    schemas: {
      ...document.components?.schemas,
      ...NAMED_SCHEMAS,
      [ERROR_BODY_SCHEMA]: {
        type: 'object',
        required: ['error', 'message'],
        properties: {
          error: { type: 'string', description: 'a code for programs', example: 'BAD_REQUEST' },
          message: { type: 'string', description: 'a Korean message for people' },
        },
      },
    },
  };
  for (const [path, item] of Object.entries(document.paths)) {
    for (const operation of Object.values(item) as OperationObject[]) {
      operation.tags = [tagOf(operation.operationId ?? '')];
      // A handler may leave a path parameter unread (the caller's own `mno`, checked by the guard).
      const parameters = (operation.parameters ?? []) as ParameterObject[];
      for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
        if (!parameters.some((parameter) => parameter.in === 'path' && parameter.name === name)) {
          parameters.unshift({ name, in: 'path', required: true });
        }
      }
      for (const parameter of parameters) {
        if (parameter.in === 'path') Object.assign(parameter, PATH_PARAMETERS[parameter.name]);
      }
      // In the path's order, whatever order a path DTO checks them in.
      const position = (parameter: ParameterObject) =>
        parameter.in === 'path' ? path.indexOf(`{${parameter.name}}`) : Infinity;
      operation.parameters = parameters.sort((a, b) => position(a) - position(b));
      const errors = { ...(operation.requestBody && { 413: BODY_TOO_LARGE }), 429: TOO_MANY_REQUESTS };
      for (const [status, description] of Object.entries(errors)) {
        operation.responses[status] ??= {
          description,
          content: { 'application/json': { schema: { $ref: `#/components/schemas/${ERROR_BODY_SCHEMA}` } } },
        };
      }
      if (!path.startsWith('/api/')) delete operation.responses['429'];
    }
  }
  return document;
}

/** `GET /metrics` comes from libs/observability, which knows nothing of OpenAPI: described here. */
function describeOperatorsMetrics(document: OpenAPIObject): void {
  const scrape = document.paths['/metrics']?.get;
  if (!scrape) return;
  Object.assign(scrape, {
    summary: "The BFF's metrics in Prometheus' text format, for operators",
    description:
      'Only with the `OPS_TOKEN` setting in `x-ops-token`; without it (or with none set) 404, as if there were no such route.',
    parameters: [{ name: 'x-ops-token', in: 'header', required: true, schema: { type: 'string' } }],
    responses: {
      200: { description: 'OK', content: { 'text/plain': { schema: { type: 'string' } } } },
      404: {
        description: 'NOT_FOUND: no token, a wrong one, or none set',
        content: { 'application/json': { schema: { $ref: `#/components/schemas/${ERROR_BODY_SCHEMA}` } } },
      },
    },
  } satisfies Partial<OperationObject>);
}

/** Serves the document as JSON and Swagger UI on it; call before the app listens. */
export function serveApiDocs(app: INestApplication): void {
  SwaggerModule.setup(API_DOCS_PATH.slice(1), app, apiDocument(app), {
    jsonDocumentUrl: API_DOCS_JSON_PATH.slice(1),
    raw: ['json'],
    customSiteTitle: '딜마켓 BFF API',
  });
}
