import { RequestMethod } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import {
  ApiBody,
  ApiConsumes,
  ApiExtension,
  ApiOperation,
  ApiQuery,
  ApiResponse,
  ApiSecurity,
  DECORATORS,
} from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger';
import { isZodDto } from 'nestjs-zod/dto';
import { z } from 'zod';

/**
 * Schemas that contain themselves (named by their `id` meta), which a document holds once among its
 * components; filled as the routes' schemas are converted.
 */
export const NAMED_SCHEMAS: Record<string, SchemaObject> = {};

/** The OpenAPI schema of a zod schema: as a client sends it (`input`, before defaults and coercion) or receives it. */
export function openApiSchema(schema: z.ZodType, io: 'input' | 'output' = 'output'): SchemaObject {
  const converted = z.toJSONSchema(schema, { io, target: 'openapi-3.0', unrepresentable: 'any' });
  // zod puts them under `definitions`, which OpenAPI does not resolve: they go to the components.
  const { definitions, ...json } = JSON.parse(
    JSON.stringify(converted).replaceAll('"#/definitions/', '"#/components/schemas/'),
  ) as SchemaObject & { definitions?: Record<string, SchemaObject> };
  for (const [name, definition] of Object.entries(definitions ?? {})) {
    if (name.startsWith('__schema')) throw new Error('a schema that contains itself needs .meta({ id })');
    NAMED_SCHEMAS[name] = definition;
  }
  return json;
}

/** The error statuses the API answers, each with a `{ error, message }` body. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 502;
/** What a route's error answers mean there: codes (`error`) and when. */
export type ErrorNotes = Partial<Record<ErrorStatus, string>>;

export const ERROR_BODY_SCHEMA = 'ErrorBody';
const errorBody = { $ref: `#/components/schemas/${ERROR_BODY_SCHEMA}` };

/** The usual note of a 400: the message names each field that cannot be used. */
export const BAD_INPUT = 'BAD_REQUEST: input that cannot be used; the Korean message names the field';
export const SERVICE_DOWN = 'SERVICE_UNAVAILABLE: a service behind the BFF did not answer';

/** The bearer scheme's name in the document. */
export const BEARER = 'bearer';

/**
 * Documents error answers; a status documented twice (by the access guard and by the route) keeps
 * both notes, the guard's first.
 */
export function ApiErrors(notes: ErrorNotes): MethodDecorator {
  return (target, key, descriptor) => {
    const documented: Record<string, { description?: string }> =
      Reflect.getMetadata(DECORATORS.API_RESPONSE, descriptor.value as object) ?? {};
    for (const [status, note] of Object.entries(notes)) {
      const earlier = documented[status]?.description;
      ApiResponse({
        status: Number(status),
        description: earlier ? `${earlier}; ${note}` : note,
        schema: errorBody,
      })(target, key, descriptor);
    }
  };
}

/** Who may call a route, as the access guards document it. */
export function ApiAccess(access: { roles?: string[]; owner?: string; optional?: boolean }): MethodDecorator {
  return (target, key, descriptor) => {
    // `{}` beside the bearer requirement: calling without a token is allowed too.
    if (access.optional) ApiSecurity({})(target, key, descriptor);
    ApiSecurity(BEARER)(target, key, descriptor);
    ApiExtension('x-roles', access.roles ?? ['any signed-in member'])(target, key, descriptor);
    const whom = [
      access.roles && `roles ${access.roles.join(', ')}`,
      access.owner && `the path's ${access.owner} must be the caller's own (admins pass)`,
    ].filter(Boolean);
    ApiErrors({
      401: access.optional
        ? 'ERROR_TOKEN_ACCESS: the token sent has expired (refresh and retry, or send none to call as a visitor)'
        : 'REQUIRED_LOGIN: no valid bearer token; ERROR_TOKEN_ACCESS: it has expired (refresh and retry)',
      ...(whom.length && { 403: `ERROR_ACCESS_DENIED: for ${whom.join('; ')}` }),
    })(target, key, descriptor);
  };
}

interface Answer {
  schema?: z.ZodType | SchemaObject;
  /** application/json unless said. */
  contentType?: string;
  description?: string;
}

export interface RouteDoc {
  summary: string;
  description?: string;
  /**
   * The body as it is sent, where the DTO of the handler's `@Body()` cannot show it (a multipart
   * form; a form checked field by field in the spec's order). Otherwise the body is that DTO's
   * schema, and the query the schema of the `@Query()` DTO.
   */
  body?: SchemaObject;
  /** The body's content types, application/json unless said (a form, multipart). */
  bodyTypes?: string[];
  /** The success answer: a JSON schema, or another content type; none for an empty answer. */
  answer?: z.ZodType | Answer;
  errors?: ErrorNotes;
  /** Whether the route reads or writes through a service (which may be down: 502); true unless said. */
  callsServices?: boolean;
}

const isZod = (value: unknown): value is z.ZodType => value instanceof z.ZodType;

/**
 * The schemas a handler's `@Query()` and `@Body()` are declared with (nestjs-zod DTOs), which
 * libs/http's `SchemaInputPipe` validates with: one declaration for both.
 */
function declaredInputs(target: object, key: string | symbol): { query?: z.ZodType; body?: z.ZodType } {
  const args: Record<string, { index: number }> =
    Reflect.getMetadata(ROUTE_ARGS_METADATA, target.constructor, key) ?? {};
  const types: unknown[] = Reflect.getMetadata('design:paramtypes', target, key) ?? [];
  const inputs: { query?: z.ZodType; body?: z.ZodType } = {};
  for (const [argument, { index }] of Object.entries(args)) {
    const dto = types[index];
    if (!isZodDto(dto)) continue;
    const schema = dto.schema as z.ZodType;
    const type = Number(argument.split(':')[0]);
    if (type === RouteParamtypes.QUERY) inputs.query = schema;
    if (type === RouteParamtypes.BODY) inputs.body = schema;
  }
  return inputs;
}

/** The parameters of a query schema, by name; a transformed object's are its input object's. */
function queryParameters(query: z.ZodType | undefined): Record<string, z.ZodType> {
  if (query instanceof z.ZodPipe) return queryParameters(query.in as z.ZodType);
  if (query instanceof z.ZodObject) return query.shape as Record<string, z.ZodType>;
  if (query) throw new Error('a query schema must be an object');
  return {};
}
const schemaOf = (value: z.ZodType | SchemaObject, io: 'input' | 'output') =>
  isZod(value) ? openApiSchema(value, io) : value;

/** What a handler documented with `answer` may answer: the schema's output (a JSON answer), else anything. */
type Answered<A> = A extends z.ZodType ? z.output<A> : unknown;

/**
 * Documents a route: what it does, its query and body (from the DTOs its handler declares), success
 * answer and error answers. Goes above the route's method decorator (`@Get`, `@HttpCode`,
 * `@Authenticated` below it have applied by then), so the answer's status is the route's own and the
 * access guard's notes come first.
 */
export function ApiDoc<A extends RouteDoc['answer']>(
  doc: RouteDoc & { answer?: A },
): <H extends (...args: never[]) => Promise<Answered<A>> | Answered<A>>(
  target: object,
  key: string | symbol,
  descriptor: TypedPropertyDescriptor<H>,
) => void {
  return (target, key, descriptor) => {
    const handler = descriptor.value as object;
    const method: RequestMethod | undefined = Reflect.getMetadata(METHOD_METADATA, handler);
    if (method === undefined) {
      throw new Error(`@ApiDoc of ${String(key)} must stand above its route decorator`);
    }
    const apply = (decorator: MethodDecorator) => decorator(target, key, descriptor);
    apply(ApiOperation({ summary: doc.summary, description: doc.description }));

    const inputs = declaredInputs(target, key);
    for (const [name, schema] of Object.entries(queryParameters(inputs.query))) {
      apply(
        ApiQuery({
          name,
          required: !schema.safeParse(undefined).success,
          schema: openApiSchema(schema, 'input'),
          description: schema.description,
        }),
      );
    }

    if (doc.bodyTypes) apply(ApiConsumes(...doc.bodyTypes));
    const body = doc.body ?? (inputs.body && openApiSchema(inputs.body, 'input'));
    if (body) apply(ApiBody({ schema: body }));

    const status: number =
      Reflect.getMetadata(HTTP_CODE_METADATA, handler) ?? (method === RequestMethod.POST ? 201 : 200);
    const answer: Answer = isZod(doc.answer) ? { schema: doc.answer } : (doc.answer ?? {});
    apply(
      ApiResponse({
        status,
        description: answer.description ?? (answer.schema ? 'OK' : 'No content'),
        ...(answer.schema && {
          content: {
            [answer.contentType ?? 'application/json']: { schema: schemaOf(answer.schema, 'output') },
          },
        }),
      }),
    );
    apply(ApiErrors({ ...doc.errors, ...(doc.callsServices !== false && { 502: SERVICE_DOWN }) }));
  };
}
