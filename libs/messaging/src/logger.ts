/** What the messaging parts log through; libs/observability's JSON logger satisfies it. */
export interface MessagingLogger {
  log(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export const silentLogger: MessagingLogger = {
  log: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
