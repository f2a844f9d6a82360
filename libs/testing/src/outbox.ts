/** A Prisma client, or anything that runs raw queries as it does. */
interface RawQueries {
  $queryRawUnsafe<T>(query: string, ...values: unknown[]): Promise<T>;
}

/** What a service announced about one aggregate (its events' message key), oldest first, from its outbox. */
export async function announcedIn<P = Record<string, unknown>>(
  db: RawQueries,
  messageKey: number | string,
): Promise<{ topic: string; payload: P }[]> {
  const rows = await db.$queryRawUnsafe<{ topic: string; envelope: string }[]>(
    'SELECT topic, envelope FROM outbox_event WHERE message_key = $1 ORDER BY id',
    String(messageKey),
  );
  return rows.map((row) => ({
    topic: row.topic,
    payload: (JSON.parse(row.envelope) as { payload: P }).payload,
  }));
}
