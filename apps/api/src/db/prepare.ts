import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle, Executor } from './client.ts';
import { seedDeliveryRates } from './delivery-rates.ts';
import { seedDemo } from './demo.ts';
import { seedRegions } from './regions.ts';
import { categories } from './schema/index.ts';
import { inTransaction } from './transaction.ts';

export async function isCatalogueEmpty(db: Executor): Promise<boolean> {
  const rows = await db.select({ id: categories.id }).from(categories).limit(1);
  return rows.length === 0;
}

/** The advisory lock of preparing a database: "bozor" in ASCII. */
export const PREPARE_LOCK_KEY = 0x62_6f_7a_6f_72;

/**
 * Applies pending migrations, writes the reference data (regions and districts, and the delivery
 * rates they lack), then seeds the demo shop (@bozor/demo) into an empty database. All of it
 * under one advisory lock, so API processes starting together prepare the database one after
 * the other: the first migrates and seeds, the others find it done.
 */
export async function prepareDatabase(
  database: DatabaseHandle,
  options: { seed: boolean; log: Pick<FastifyBaseLogger, 'info'> },
): Promise<void> {
  await database.withAdvisoryLock(PREPARE_LOCK_KEY, async () => {
    await database.migrate();
    await seedRegions(database.db);
    await seedDeliveryRates(database.db);
    if (options.seed && (await isCatalogueEmpty(database.db))) {
      const started = performance.now();
      const counts = await inTransaction(database.db, (tx) => seedDemo(tx));
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      options.log.info({ ...counts, seconds }, 'seeded the demo catalogue');
    }
  });
}
