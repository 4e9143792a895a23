import { type Logger, pino } from 'pino';

export type { Logger };

/** Structured JSON logs, one line each, tagged with the process that wrote them. */
export function createLogger(name: string, level: string): Logger {
  return pino({ name, level, base: { service: name }, timestamp: pino.stdTimeFunctions.isoTime });
}
