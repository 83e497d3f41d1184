import type { Config } from '../../apps/api/src/config.ts';

/**
 * The one-time link where a new member of staff sets up their account: under PUBLIC_URL, the
 * shop's address as people reach it, when it is set; else on this machine at the shop's PORT
 * (3000 unless set), where the shop started with the same environment listens.
 */
export function setupLink(config: Pick<Config, 'publicUrl' | 'port'>, token: string): string {
  const origin = config.publicUrl ?? `http://localhost:${config.port}`;
  return `${origin}/admin/setup?token=${encodeURIComponent(token)}`;
}
