import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dumpDatabase, openTestDatabase, templateCopiesLoaded } from '../helpers/database.ts';
import { createCategory, createProduct, createTariffs } from '../helpers/factories.ts';

const onPglite = !process.env.TEST_DATABASE_URL;

/** Every row of every table, in an order of its own (tables and rows come back in any order). */
const rowsOf = async (db: Awaited<ReturnType<typeof openTestDatabase>>['db']) =>
  (await dumpDatabase(db)).split('\n').sort();

/** The next value of every sequence, as a test file would draw it. */
async function nextValues(db: Awaited<ReturnType<typeof openTestDatabase>>['db']) {
  const rows = (await db.execute(
    sql`select sequencename as name, nextval(quote_ident(schemaname) || '.' || quote_ident(sequencename))::text as next
      from pg_sequences order by 1`,
  )) as unknown as { rows: { name: string; next: string }[] };
  return rows.rows;
}

describe('a test file’s database', () => {
  it('starts as the template left it, whatever the file before wrote', async () => {
    const first = await openTestDatabase();
    const rows = await rowsOf(first.db);
    const sequences = await nextValues(first.db);
    await first.close();

    const second = await openTestDatabase();
    await createTariffs(second.db);
    const category = await createCategory(second.db);
    await createProduct(second.db, { categoryId: category.id });
    await second.db.execute(sql`update regions set name_uz = 'changed'`);
    await second.db.execute(sql`select pg_advisory_lock(4242)`);
    await second.close();

    const loaded = templateCopiesLoaded;
    const third = await openTestDatabase();
    if (onPglite) expect(templateCopiesLoaded, 'the closed copy is used again').toBe(loaded);
    expect(await rowsOf(third.db)).toEqual(rows);
    expect(await nextValues(third.db)).toEqual(sequences);
    await third.close();
  });

  it.skipIf(!onPglite)('is loaded afresh after a test changed its tables', async () => {
    const first = await openTestDatabase();
    await first.db.execute(sql`alter table regions add column extra int`);
    await first.close();
    const loaded = templateCopiesLoaded;
    const second = await openTestDatabase();
    expect(templateCopiesLoaded).toBe(loaded + 1);
    const columns = (await second.db.execute(
      sql`select count(*)::int as n from information_schema.columns where table_name = 'regions' and column_name = 'extra'`,
    )) as unknown as { rows: { n: number }[] };
    expect(columns.rows[0]?.n).toBe(0);
    await second.close();
  });
});
