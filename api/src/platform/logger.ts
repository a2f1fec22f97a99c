import { pino, type Logger, type LoggerOptions } from 'pino';
import { currentRequestId } from './request-context';

export type { Logger };

/** JSON lines on stdout; every line logged while a request runs carries its requestId. */
export function createLogger(
  level: LoggerOptions['level'],
  destination?: pino.DestinationStream,
): Logger {
  const options: LoggerOptions = {
    level,
    base: undefined,
    // "level":"warn" reads better in a log viewer than pino's numbers.
    formatters: { level: (label) => ({ level: label }) },
    mixin() {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
