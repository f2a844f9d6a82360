import type { INestApplication } from '@nestjs/common';
import { METHOD_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import type { OpenAPIObject, OperationObject, ParameterObject, SchemaObject } from '@nestjs/swagger';
import { DECORATORS } from '@nestjs/swagger';
import { isZodDto } from 'nestjs-zod/dto';
import type { z } from 'zod';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { launchChromium } from '@mkt/testing/browser';
import type { OpenedStore } from '../../test/support/key-value-stores';
import { openRedisStore } from '../../test/support/key-value-stores';
import { createBffAlone } from '../../test/support/bff-alone';
import { openApiSchema } from './api-doc';
import { API_DOCS_JSON_PATH, API_DOCS_PATH, PATH_PARAMETERS } from './api-docs';

jest.setTimeout(120_000);

/** Lists the calls of ../shared/CLIENT-CONTRACT.md (the shared folder sits next to the repository). */
const CLIENT_ROUTES_TOOL = join(
  __dirname,
  '..',
  '..',
  '..',
  '..',
  '..',
  'shared',
  'tools',
  'client-routes.mjs',
);

interface Route {
  method: string;
  /** OpenAPI's form: `/api/product/{encodedPno}`. */
  path: string;
}
const key = ({ method, path }: Route) => `${method.toUpperCase()} ${path}`;

/**
 * Records the routes registered on the app's Fastify from now on, as Nest registers them at start,
 * less Swagger UI's own and the HEAD route Fastify adds beside each GET.
 */
function recordRoutes(app: NestFastifyApplication): string[] {
  const routes: string[] = [];
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRoute', ({ method, url: path }) => {
      if (path === API_DOCS_JSON_PATH || `${path}/`.startsWith(`${API_DOCS_PATH}/`)) return;
      for (const one of [method].flat())
        if (one !== 'HEAD') routes.push(key({ method: one, path: path.replace(/:(\w+)/g, '{$1}') }));
    });
  return routes;
}

const documentedRoutes = (document: OpenAPIObject) =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => key({ method, path })),
  );

const operations = (document: OpenAPIObject) =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item as Record<string, OperationObject>).map(([method, operation]) => ({
      route: key({ method, path }),
      operation,
    })),
  );

/** Each call the spec's client makes, as the shared tool sends it: a server of ours records them. */
async function clientCalls(): Promise<Route[]> {
  const calls: Route[] = [];
  const recorder = createServer((request, response) => {
    calls.push({ method: request.method ?? '', path: request.url ?? '' });
    response.end();
  });
  await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
  const { port } = recorder.address() as AddressInfo;
  try {
    await new Promise<void>((resolve, reject) =>
      execFile(process.execPath, [CLIENT_ROUTES_TOOL, `http://127.0.0.1:${port}`], (error) =>
        error ? reject(error) : resolve(),
      ),
    );
  } finally {
    recorder.close();
  }
  return calls;
}

/** The documented operation that serves a concrete call: literal segments before parameters, as the routes are ordered. */
function operationFor(document: OpenAPIObject, call: Route) {
  const path = call.path.split('?')[0].replace(/(.)\/$/, '$1');
  const matches = Object.entries(document.paths)
    .filter(([template]) => new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`).test(path))
    .map(([template, item]) => ({
      template,
      operation: (item as Record<string, OperationObject | undefined>)[call.method.toLowerCase()],
    }))
    .filter(({ operation }) => operation)
    .sort((a, b) => a.template.split('{').length - b.template.split('{').length);
  return matches[0];
}

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

/** A value for a path parameter that its schema takes. */
const pathValue = (parameter: ParameterObject) =>
  parameter.name.startsWith('encoded')
    ? 'MQ=='
    : (parameter.schema as SchemaObject).type === 'string'
      ? 'x'
      : '1';

describe('the BFF API document', () => {
  let app: NestFastifyApplication;
  let served: string[];
  let url: string;
  let document: OpenAPIObject;

  let sessions: OpenedStore;

  beforeAll(async () => {
    sessions = await openRedisStore();
    app = await createBffAlone(sessions.store);
    served = recordRoutes(app);
    await app.listen(0, '127.0.0.1');
    url = await app.getUrl();
    const response = await fetch(`${url}${API_DOCS_JSON_PATH}`);
    expect(response.status).toBe(200);
    document = (await response.json()) as OpenAPIObject;
  });
  afterAll(async () => {
    await app.close();
    await sessions.close();
  });

  it('documents every route the BFF serves, and none it does not', () => {
    expect(served.length).toBeGreaterThan(70);
    expect([...documentedRoutes(document)].sort()).toEqual([...new Set(served)].sort());
  });

  it("has every call of the spec's client, with the query parameters it sends", async () => {
    const calls = await clientCalls();
    expect(calls.length).toBeGreaterThan(50);
    const undocumented = calls.filter((call) => !operationFor(document, call)).map(key);
    expect(undocumented).toEqual([]);
    const unknownQueries = calls.flatMap((call) => {
      const { operation } = operationFor(document, call);
      const names = new Set(
        ((operation?.parameters ?? []) as ParameterObject[])
          .filter((parameter) => parameter.in === 'query')
          .map((parameter) => parameter.name),
      );
      const sent = [...new URL(call.path, 'http://x').searchParams.keys()];
      return sent.filter((name) => !names.has(name)).map((name) => `${key(call)}: ${name}`);
    });
    expect(unknownQueries).toEqual([]);
  });

  it('tells for every route what it does, its parameters, its answer, and its error bodies', () => {
    for (const { route, operation } of operations(document)) {
      const problems: string[] = [];
      if (!operation.summary) problems.push('no summary');
      for (const parameter of (operation.parameters ?? []) as ParameterObject[]) {
        if (parameter.in === 'path' && !PATH_PARAMETERS[parameter.name])
          problems.push(`path parameter ${parameter.name} not described`);
        if (!parameter.schema) problems.push(`parameter ${parameter.name} has no schema`);
      }
      const statuses = Object.keys(operation.responses);
      if (!statuses.some((status) => /^2\d\d$/.test(status))) problems.push('no success answer');
      for (const status of statuses.filter((status) => /^[45]\d\d$/.test(status))) {
        const content = (operation.responses[status] as { content?: Record<string, { schema: unknown }> })
          .content;
        if (!content?.['application/json'].schema) problems.push(`${status} without the error body`);
      }
      if (operation.security?.length && !statuses.includes('401')) problems.push('protected without 401');
      expect({ route, problems }).toEqual({ route, problems: [] });
    }
  });

  it('names only schemas it holds, and holds a schema that contains itself once', () => {
    const references = [...JSON.stringify(document).matchAll(/"\$ref":"([^"]*)"/g)].map(
      ([, target]) => target,
    );
    const components = Object.keys(document.components?.schemas ?? {});
    const dangling = references.filter(
      (target) => !components.some((name) => target === `#/components/schemas/${name}`),
    );
    expect(dangling).toEqual([]);
    const random = operations(document).find(({ route }) => route === 'GET /api/categories/random');
    expect(JSON.stringify(random?.operation.responses['200'])).toContain(
      '#/components/schemas/CategoryWithAncestors',
    );
  });

  it('marks the protected routes with the bearer token and the roles they are for', () => {
    const byRoute = new Map(operations(document).map(({ route, operation }) => [route, operation]));
    expect(document.components?.securitySchemes?.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(byRoute.get('POST /api/product')).toMatchObject({
      security: [{ bearer: [] }],
      'x-roles': ['SELLER'],
    });
    expect(byRoute.get('GET /api/member/list')).toMatchObject({ 'x-roles': ['ADMIN'] });
    expect(byRoute.get('GET /api/notice/list')?.security).toEqual([{}, { bearer: [] }]);
    expect(byRoute.get('GET /api/product/list')?.security).toBeUndefined();
    // The zod schemas of libs/contracts: the sandbox's pay call names its providers.
    expect(JSON.stringify(byRoute.get('POST /api/payments/sandbox/pay')?.requestBody)).toContain('kakaopay');
  });

  it('shows Swagger UI in Chromium under the security policy, which still holds elsewhere', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      const refused: string[] = [];
      page.on('console', (message) => {
        if (/Content.Security.Policy/i.test(message.text())) refused.push(message.text());
      });
      const response = await page.goto(`${url}${API_DOCS_PATH}`);
      expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
      await page.getByText('/api/product/list', { exact: true }).first().waitFor();
      expect(await page.locator('.opblock').count()).toBe(operations(document).length);
      expect(refused).toEqual([]);
    } finally {
      await browser.close();
    }
    const api = await fetch(`${url}/api/member/social/providers`);
    expect(api.headers.get('content-security-policy')).toContain("default-src 'self'");
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
      operations(document).filter(
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
    for (const { route, operation } of operations(document)) {
      const [method, path] = route.split(' ');
      const isPublic =
        !operation.security || operation.security.some((scheme) => !Object.keys(scheme).length);
      if (method !== 'GET' || !isPublic || !path.startsWith('/api/')) continue;
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
