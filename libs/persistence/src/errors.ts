/**
 * Whether a Prisma error is a unique key already taken: a model query's P2002, or a raw query's
 * failure (P2010) whose driver adapter names a unique constraint violation.
 */
export function isUniqueViolation(error: unknown): boolean {
  const { code, meta } = (error ?? {}) as {
    code?: unknown;
    meta?: { driverAdapterError?: { cause?: { kind?: unknown } } };
  };
  return (
    code === 'P2002' ||
    (code === 'P2010' && meta?.driverAdapterError?.cause?.kind === 'UniqueConstraintViolation')
  );
}
