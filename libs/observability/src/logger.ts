import type { LoggerService } from '@nestjs/common';
import type { MessagingLogger } from '@mkt/messaging';
import { currentTraceId } from '@mkt/messaging';
import { currentCorrelationId } from './correlation';

type Level = 'debug' | 'info' | 'warn' | 'error';

/** Structured JSON logs, one line each, with the service name and the current correlation and trace ids. */
export class JsonLogger implements LoggerService, MessagingLogger {
  constructor(
    private readonly service: string,
    private readonly minLevel: Level = (process.env.LOG_LEVEL as Level | undefined) ?? 'info',
  ) {}

  log(message: unknown, ...rest: unknown[]): void {
    this.write('info', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }

  private write(level: Level, message: unknown, rest: unknown[]): void {
    if (LEVELS[level] < LEVELS[this.minLevel]) return;
    const fields: Record<string, unknown> = {};
    for (const extra of rest) {
      // Nest passes the context name (and for errors a stack) as trailing strings.
      if (typeof extra === 'string') fields[fields.context ? 'detail' : 'context'] = extra;
      else if (extra && typeof extra === 'object') Object.assign(fields, extra);
    }
    const line = {
      level,
      time: new Date().toISOString(),
      service: this.service,
      correlationId: currentCorrelationId(),
      traceId: currentTraceId(),
      msg: message instanceof Error ? message.message : message,
      ...fields,
    };
    (level === 'error' ? process.stderr : process.stdout).write(`${JSON.stringify(line)}\n`);
  }
}

const LEVELS: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };
