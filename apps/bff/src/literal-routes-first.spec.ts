import type { INestApplication, Type } from '@nestjs/common';
import { Controller, Get, Module, Param } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { literalRoutesFirst } from './literal-routes-first';

@Controller('api/admin')
class MemberLookup {
  @Get(':encodedMno')
  member(@Param('encodedMno') encodedMno: string) {
    return { handler: 'member', encodedMno };
  }
}

@Controller('api')
class ProductManagement {
  @Get('admin/productList')
  list() {
    return { handler: 'productList' };
  }
}

@Module({ controllers: [MemberLookup] })
class Members {}
@Module({ controllers: [ProductManagement] })
class Products {}

async function appOf(features: Type[]): Promise<INestApplication> {
  @Module({ imports: features })
  class Root {}
  const app = await NestFactory.create(Root, { logger: false });
  // A middleware before the routes keeps its place.
  app.use((_req: unknown, res: { setHeader(name: string, value: string): void }, next: () => void) => {
    res.setHeader('x-before-routes', 'yes');
    next();
  });
  await app.init();
  literalRoutesFirst(app);
  await app.listen(0, '127.0.0.1');
  return app;
}

describe('literalRoutesFirst', () => {
  it.each([
    ['the parameter route first', [Members, Products]],
    ['the literal route first', [Products, Members]],
  ])(
    'sends GET /api/admin/productList to its handler with %s, and other segments to the parameter',
    async (_, features) => {
      const app = await appOf(features);
      try {
        const url = await app.getUrl();
        const list = await fetch(`${url}/api/admin/productList`);
        expect([list.headers.get('x-before-routes'), await list.json()]).toEqual([
          'yes',
          { handler: 'productList' },
        ]);
        const member = await fetch(`${url}/api/admin/MTI`);
        expect(await member.json()).toEqual({ handler: 'member', encodedMno: 'MTI' });
      } finally {
        await app.close();
      }
    },
  );
});
