import type { INestApplication } from '@nestjs/common';
import { ROUTE_ARGS_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import type { OpenAPIObject, OperationObject, ParameterObject, SchemaObject } from '@nestjs/swagger';
import { DECORATORS } from '@nestjs/swagger';
import { isZodDto } from 'nestjs-zod/dto';
import type { z } from 'zod';
import type { OpenedStore } from '../../test/support/key-value-stores';
import { openRedisStore } from '../../test/support/key-value-stores';
import { startBffAlone } from '../../test/support/bff-alone';
import { openApiSchema } from './api-doc';
import { API_DOCS_JSON_PATH } from './api-docs';

jest.setTimeout(120_000);

interface RouteInput {
  /** `CartController_add`, the operation id Swagger gives the route. */
  route: string;
  type: RouteParamtypes;
  /** The parameter's name for `@Param('x')`, `@Query('x')`; none for the whole path, query or body. */
  name?: string;
  declared: unknown;
  multipart: boolean;
}

/** Every path parameter, query and body a route handler of the app reads, with the type it declares. */
function routeInputs(app: INestApplication): RouteInput[] {
  const inputs: RouteInput[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const { metatype } of module.controllers.values()) {
      const controller = metatype as { name: string; prototype: Record<string, unknown> };
      for (const method of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = controller.prototype[method];
        if (typeof handler !== 'function' || Reflect.getMetadata(METHOD_METADATA, handler) === undefined)
          continue;
        const args: Record<string, { index: number; data?: string }> =
          Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {};
        const types: unknown[] = Reflect.getMetadata('design:paramtypes', controller.prototype, method) ?? [];
        const consumes: string[] = Reflect.getMetadata(DECORATORS.API_CONSUMES, handler) ?? [];
        for (const [key, { index, data }] of Object.entries(args)) {
          const type = Number(key.split(':')[0]);
          if (![RouteParamtypes.BODY, RouteParamtypes.QUERY, RouteParamtypes.PARAM].includes(type)) continue;
          inputs.push({
            route: `${controller.name}_${method}`,
            type,
            name: data,
            declared: types[index],
            multipart: consumes.includes('multipart/form-data'),
          });
        }
      }
    }
  }
  return inputs;
}

const operationsOf = (document: OpenAPIObject) =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item as Record<string, OperationObject>).map(([method, operation]) => ({
      path,
      method,
      operation,
    })),
  );

/** A value for a path parameter that its schema takes. */
const pathValue = (parameter: ParameterObject) =>
  parameter.name.startsWith('encoded')
    ? 'MQ=='
    : (parameter.schema as SchemaObject).type === 'string'
      ? 'x'
      : '1';

describe('route inputs: one declaration for validation and the document', () => {
  let app: INestApplication;
  let url: string;
  let document: OpenAPIObject;
  let sessions: OpenedStore;

  beforeAll(async () => {
    sessions = await openRedisStore();
    app = await startBffAlone(sessions.store);
    url = await app.getUrl();
    document = (await (await fetch(`${url}${API_DOCS_JSON_PATH}`)).json()) as OpenAPIObject;
  });
  afterAll(async () => {
    await app.close();
    await sessions.close();
  });

  it('reads every path, query and body through a DTO of its schema (a named path parameter as plain text)', () => {
    const inputs = routeInputs(app);
    expect(inputs.length).toBeGreaterThan(80);
    const undeclared = inputs
      .filter(({ type, name, declared, multipart }) => {
        if (isZodDto(declared)) return false;
        if (type === RouteParamtypes.PARAM) return !(name && declared === String);
        // A multipart form's fields come with its files, which the upload transport reads.
        return !(type === RouteParamtypes.BODY && multipart);
      })
      .map(({ route, type, name }) => `${route}: ${RouteParamtypes[type]}${name ? ` ${name}` : ''}`);
    expect(undeclared).toEqual([]);
  });

  it('documents each JSON body and query with the schema of the DTO that validates it', () => {
    // A handler serving two paths is two operations: `InquiryController_forProduct[0]` and `[1]`.
    const operationsOfRoute = (route: string) =>
      operationsOf(document).filter(
        ({ operation }) => operation.operationId?.replace(/\[\d+\]$/, '') === route,
      );
    const mismatches: string[] = [];
    let compared = 0;
    for (const { route, type, declared, multipart } of routeInputs(app)) {
      if (!isZodDto(declared) || multipart || type === RouteParamtypes.PARAM) continue;
      const operations = operationsOfRoute(route);
      if (!operations.length) mismatches.push(`${route}: not documented`);
      const schema = openApiSchema(declared.schema as z.ZodType, 'input');
      for (const { operation } of operations) {
        compared++;
        if (type === RouteParamtypes.BODY) {
          const documented = (operation.requestBody as { content?: Record<string, { schema?: unknown }> })
            ?.content?.['application/json']?.schema;
          if (JSON.stringify(documented) !== JSON.stringify(schema)) mismatches.push(`${route}: body`);
        } else {
          const documented = ((operation.parameters ?? []) as ParameterObject[])
            .filter((parameter) => parameter.in === 'query')
            .map((parameter) => parameter.name)
            .sort();
          const declaredNames = Object.keys(schema.properties ?? {}).sort();
          if (JSON.stringify(documented) !== JSON.stringify(declaredNames))
            mismatches.push(`${route}: query`);
        }
      }
    }
    expect(compared).toBeGreaterThan(30);
    expect(mismatches).toEqual([]);
  });

  it('refuses, naming the parameter, a public query value the document says is out of range', async () => {
    const refusals: string[] = [];
    const tried: string[] = [];
    for (const { path, method, operation } of operationsOf(document)) {
      const isPublic =
        !operation.security || operation.security.some((scheme) => !Object.keys(scheme).length);
      if (method !== 'get' || !isPublic || !path.startsWith('/api/')) continue;
      const parameters = (operation.parameters ?? []) as ParameterObject[];
      const concrete = parameters
        .filter((parameter) => parameter.in === 'path')
        .reduce((at, parameter) => at.replace(`{${parameter.name}}`, pathValue(parameter)), path);
      for (const parameter of parameters.filter((each) => each.in === 'query')) {
        const schema = parameter.schema as SchemaObject;
        const invalid =
          schema.maximum !== undefined ? String(schema.maximum + 1) : schema.enum ? 'not-listed' : undefined;
        if (invalid === undefined) continue;
        const call = `${concrete}?${parameter.name}=${invalid}`;
        tried.push(call);
        const response = await fetch(`${url}${call}`);
        const body = (await response.json()) as { message?: string };
        if (response.status !== 400 || !body.message?.startsWith(`${parameter.name}: `)) {
          refusals.push(`${call}: ${response.status} ${body.message}`);
        }
      }
    }
    expect(tried.length).toBeGreaterThan(10);
    expect(refusals).toEqual([]);
  });
});
