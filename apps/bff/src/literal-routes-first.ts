import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';

/** How a path segment matches: by its text, as a parameter (`:id`), or as the rest of the path. */
const enum SegmentKind {
  Literal = 0,
  Parameter = 1,
  Rest = 2,
}

const kindOf = (segment: string): SegmentKind =>
  segment.includes('*')
    ? SegmentKind.Rest
    : /[:{]/.test(segment)
      ? SegmentKind.Parameter
      : SegmentKind.Literal;

/** The kinds of a route's segments; a route whose first differing segment is literal is the more specific. */
function specificity(path: string): SegmentKind[] {
  return path.split('/').filter(Boolean).map(kindOf);
}

function compareSpecificity(a: SegmentKind[], b: SegmentKind[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

interface RouterLayer {
  route?: { path: unknown };
}

/**
 * Orders the app's routes so that a literal segment wins over a parameter in the same place, as
 * Fastify's router does, whatever order the modules and controllers registered them in:
 * `GET /api/admin/productList` reaches its handler, never `GET /api/admin/:encodedMno`'s. Routes are
 * reordered only among themselves: a middleware keeps its place before or after them. Call it once
 * the routes exist (after `app.init()`), before the app listens.
 */
export function literalRoutesFirst(app: INestApplication): void {
  const express = (app as NestExpressApplication).getHttpAdapter().getInstance() as {
    router: { stack: RouterLayer[] };
  };
  const { stack } = express.router;
  let start = 0;
  while (start < stack.length) {
    if (!stack[start].route) {
      start++;
      continue;
    }
    let end = start;
    while (end < stack.length && stack[end].route) end++;
    const routes = stack
      .slice(start, end)
      .map((layer) => ({ layer, key: specificity(String(layer.route?.path)) }))
      .sort((a, b) => compareSpecificity(a.key, b.key)); // stable: equals keep their order
    stack.splice(start, end - start, ...routes.map(({ layer }) => layer));
    start = end;
  }
}
