import type { ArgumentMetadata, ExecutionContext, PipeTransform } from '@nestjs/common';
import { createParamDecorator, Injectable, Module } from '@nestjs/common';
import { APP_PIPE } from '@nestjs/core';
import { positiveIdSchema } from '@mkt/contracts';
import { createZodDto, isZodDto } from 'nestjs-zod/dto';
import { z } from 'zod';
import { parseInput } from './http-errors';

/**
 * Validates what a handler reads with the schema its parameter is declared with: a nestjs-zod DTO
 * (`@Body() body: CartAddBody`, `class CartAddBody extends createZodDto(cartAddSchema) {}`). The
 * same class types the parameter and documents it (the BFF's `@ApiDoc` reads it), so a route's
 * input schema is written once. A refusal is {@link parseInput}'s: 400 naming each bad field.
 *
 * Path parameters are checked one at a time in the DTO's order, each as a value of its own: the URL
 * names them, so the message is the schema's alone (`숫자 번호여야 합니다.`) and the first bad one
 * answers.
 */
@Injectable()
export class SchemaInputPipe implements PipeTransform {
  transform(value: unknown, { type, metatype }: ArgumentMetadata): unknown {
    if (!isZodDto(metatype)) return value;
    const schema = metatype.schema as z.ZodType;
    if (type !== 'param') return parseInput(schema, value);
    if (!(schema instanceof z.ZodObject)) throw new Error('a path DTO must be an object of parameters');
    const params = (value ?? {}) as Record<string, unknown>;
    return Object.fromEntries(
      Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, parameter]) => [
        name,
        parseInput(parameter, params[name]),
      ]),
    );
  }
}

/** Every route of the app that imports it validates its inputs with {@link SchemaInputPipe}. */
@Module({ providers: [{ provide: APP_PIPE, useClass: SchemaInputPipe }] })
export class SchemaInputModule {}

/** A request header read with `schema` (Nest passes no header through a pipe), e.g. `Idempotency-Key`. */
export const HeaderInput = createParamDecorator(
  ({ name, schema }: { name: string; schema: z.ZodType }, context: ExecutionContext): unknown =>
    parseInput(
      schema,
      context.switchToHttp().getRequest<{ headers: Record<string, unknown> }>().headers[name],
    ),
);

/** A path DTO's base class: the named parameters, each a positive number (`idPath('mno', 'cino')`). */
export function idPath<Name extends string>(...names: Name[]) {
  const shape = Object.fromEntries(names.map((name) => [name, positiveIdSchema])) as Record<
    Name,
    typeof positiveIdSchema
  >;
  return createZodDto(z.object(shape));
}
