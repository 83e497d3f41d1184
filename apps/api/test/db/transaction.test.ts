import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle, Executor } from '../../src/db/client.ts';
import { inTransaction, readTogether } from '../../src/db/transaction.ts';
import { itRaces, openTestDatabase } from '../helpers/database.ts';

/** An error as PostgreSQL's driver raises it, wrapped as drizzle wraps a failed query. */
function databaseError(code: string) {
  const cause = Object.assign(new Error(`database error ${code}`), { code });
  return Object.assign(new Error('Failed query'), { cause });
}

async function rowsOf<T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Resolves once `parties` callers wait on it, or after `ms` when the others cannot come. */
function barrier(parties: number, ms: number) {
  let waiting = 0;
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return () => {
    waiting += 1;
    if (waiting >= parties) open();
    return Promise.race([opened, new Promise<void>((resolve) => setTimeout(resolve, ms))]);
  };
}

describe('inTransaction', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.execute(
      sql`create table probe (id int primary key, value int not null default 0)`,
    );
  });
  afterAll(() => database.close());

  const reset = async () => {
    await database.db.execute(sql`delete from probe`);
  };

  it('commits what the callback wrote and returns its result', async () => {
    await reset();
    const result = await inTransaction(database.db, async (tx) => {
      await tx.execute(sql`insert into probe (id) values (1)`);
      return 'done';
    });
    expect(result).toBe('done');
    expect(await rowsOf(database.db, sql`select id from probe`)).toEqual([{ id: 1 }]);
  });

  it('runs read committed unless told, and serializable when asked', async () => {
    const levelOf = (tx: Executor) =>
      rowsOf<{ transaction_isolation: string }>(tx, sql`show transaction_isolation`);
    expect(await inTransaction(database.db, levelOf)).toEqual([
      { transaction_isolation: 'read committed' },
    ]);
    expect(await inTransaction(database.db, levelOf, { isolation: 'serializable' })).toEqual([
      { transaction_isolation: 'serializable' },
    ]);
  });

  it('runs the callback again after a serialization failure, the first run rolled back', async () => {
    await reset();
    let runs = 0;
    const result = await inTransaction(database.db, async (tx) => {
      runs += 1;
      await tx.execute(sql`insert into probe (id, value) values (1, ${runs})`);
      if (runs === 1) throw databaseError('40001');
      return runs;
    });
    expect(result).toBe(2);
    expect(await rowsOf(database.db, sql`select id, value from probe`)).toEqual([
      { id: 1, value: 2 },
    ]);
  });

  it('runs the callback again after a deadlock', async () => {
    let runs = 0;
    await inTransaction(database.db, async () => {
      runs += 1;
      if (runs === 1) throw databaseError('40P01');
    });
    expect(runs).toBe(2);
  });

  it('does not run again after any other error, and rolls back', async () => {
    await reset();
    let runs = 0;
    const failure = databaseError('23505');
    await expect(
      inTransaction(database.db, async (tx) => {
        runs += 1;
        await tx.execute(sql`insert into probe (id) values (1)`);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(runs).toBe(1);
    expect(await rowsOf(database.db, sql`select id from probe`)).toEqual([]);

    runs = 0;
    await expect(
      inTransaction(database.db, async () => {
        runs += 1;
        throw new Error('a rule refused');
      }),
    ).rejects.toThrow('a rule refused');
    expect(runs).toBe(1);
  });

  it('gives up after the allowed retries with the last failure', async () => {
    let runs = 0;
    await expect(
      inTransaction(
        database.db,
        async () => {
          runs += 1;
          throw databaseError('40001');
        },
        { retries: 2, backoffMs: 1 },
      ),
    ).rejects.toMatchObject({ cause: { code: '40001' } });
    expect(runs).toBe(3);
  });

  it('refuses to open a transaction inside another', async () => {
    await expect(
      inTransaction(database.db, (tx) => inTransaction(tx, async () => 1)),
    ).rejects.toThrow(/given a transaction/);
  });

  itRaces(
    'lets two conflicting serializable transactions both commit, one through a retry',
    async () => {
      await reset();
      await database.db.execute(sql`insert into probe (id, value) values (1, 0)`);
      const bothRead = barrier(2, 300);
      let runs = 0;
      // read, wait until the other has read too, then write what was read plus one: without the
      // retry one of the two increments would be lost or fail
      const increment = () =>
        inTransaction(
          database.db,
          async (tx) => {
            runs += 1;
            const [row] = await rowsOf<{ value: number }>(
              tx,
              sql`select value from probe where id = 1`,
            );
            if (runs <= 2) await bothRead();
            await tx.execute(sql`update probe set value = ${row!.value + 1} where id = 1`);
          },
          { isolation: 'serializable' },
        );
      await Promise.all([increment(), increment()]);
      expect(await rowsOf(database.db, sql`select value from probe where id = 1`)).toEqual([
        { value: 2 },
      ]);
      // PGlite runs one transaction at a time: there the two never meet and none is retried
      expect(runs).toBe(database.kind === 'postgres' ? 3 : 2);
    },
  );
});

describe('readTogether', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  /** Reads that note when each started and ended, the first taking a while. */
  function noted(db: Executor) {
    const events: string[] = [];
    const read = (name: string, ms: number) => async () => {
      events.push(`${name} started`);
      const rows = await rowsOf<{ n: number }>(db, sql`select ${name.length}::int as n`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      events.push(`${name} ended`);
      return rows[0]?.n;
    };
    return { events, reads: [read('slow', 30), read('quick!', 0)] as const };
  }

  it('reads side by side on the pool, one after another in a transaction, answers in order', async () => {
    const outside = noted(database.db);
    expect(await readTogether(database.db, outside.reads)).toEqual([4, 6]);
    expect(outside.events.slice(0, 2)).toEqual(['slow started', 'quick! started']);

    const inside = await inTransaction(database.db, async (tx) => {
      const { events, reads } = noted(tx);
      return { events, answers: await readTogether(tx, reads) };
    });
    expect(inside.answers).toEqual([4, 6]);
    expect(inside.events).toEqual(['slow started', 'slow ended', 'quick! started', 'quick! ended']);
  });
});
