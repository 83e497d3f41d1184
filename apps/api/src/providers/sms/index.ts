import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { EskizSmsProvider } from './eskiz.ts';
import { LogSmsProvider } from './log.ts';
import type { SmsProvider } from './types.ts';

export { EskizSmsProvider } from './eskiz.ts';
export { LogSmsProvider, type OutboxEntry } from './log.ts';
export { SmsError, type SmsMessage, type SmsProvider } from './types.ts';

export function createSmsProvider(
  config: Config['sms'],
  log: Pick<FastifyBaseLogger, 'info'>,
): SmsProvider {
  if (config.provider === 'eskiz') return new EskizSmsProvider(config);
  return new LogSmsProvider(log);
}
