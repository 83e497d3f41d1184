import type { Database } from '../../src/db/client.ts';
import { SandboxCardGateway } from '../../src/providers/payments/index.ts';
import type { SmsProvider } from '../../src/providers/sms/index.ts';

/**
 * The sandbox gateway on a clock a test moves: the slow test cards keep their receipts in
 * processing for 10 seconds of this clock, so a test passes them without waiting.
 */
export function sandboxOnClock() {
  let offsetMs = 0;
  return {
    gateway: (sms: SmsProvider, db: Database) =>
      new SandboxCardGateway(sms, { db, now: () => new Date(Date.now() + offsetMs) }),
    /** Moves the sandbox's clock on, by default past a slow card's processing. */
    pass(ms = 11_000) {
      offsetMs += ms;
    },
  };
}
