import pino from 'pino';

export type Logger = pino.Logger;

export function createLogger(level: string, name = 'company-data'): Logger {
  return pino({ name, level, redact: ['req.headers["x-api-key"]', 'req.headers.authorization'] });
}
