import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle, Executor } from './client.ts';
import { seedContent } from './demo-content.ts';
import { seedRegions } from './regions.ts';
import { categories } from './schema/index.ts';
import { seedCatalogue } from './seed/index.ts';

export async function isCatalogueEmpty(db: Executor): Promise<boolean> {
  const rows = await db.select({ id: categories.id }).from(categories).limit(1);
  return rows.length === 0;
}

/**
 * Applies pending migrations, writes the reference data (regions and districts), then seeds the
 * demo catalogue into an empty database.
 */
export async function prepareDatabase(
  database: DatabaseHandle,
  options: { seed: boolean; log: Pick<FastifyBaseLogger, 'info'> },
): Promise<void> {
  await database.migrate();
  await seedRegions(database.db);
  if (options.seed && (await isCatalogueEmpty(database.db))) {
    const started = performance.now();
    const counts = await database.db.transaction(async (tx) => ({
      ...(await seedCatalogue(tx)),
      ...(await seedContent(tx)),
    }));
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    options.log.info({ ...counts, seconds }, 'seeded the demo catalogue');
  }
}
