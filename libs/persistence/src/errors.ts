/** Whether a Prisma error is a unique key already taken (P2002, from a model query). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'P2002';
}
