import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { CardGateway } from '../../providers/payments/index.ts';
import type { SmsProvider } from '../../providers/sms/index.ts';

export interface OrderDeps {
  db: Database;
  gateway: CardGateway;
  sms: SmsProvider;
  log: FastifyBaseLogger;
}
