import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createJobRunner } from '../../src/jobs/runner.ts';
import { useTestApp } from '../helpers/app.ts';

describe('/healthz and /readyz', () => {
  const ctx = useTestApp();
  const ready = () => ctx.app.inject({ url: '/readyz' });

  it('is ready when the database answers with every migration, and says what it checked', async () => {
    const res = await ready();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      checks: { shutdown: 'ok', database: 'ok', migrations: 'ok' },
    });
    const live = await ctx.app.inject({ url: '/healthz' });
    expect([live.statusCode, live.json()]).toEqual([200, { status: 'ok' }]);
  });

  it('is not ready while the job runner is stopped or stuck', async () => {
    const runner = createJobRunner({ db: ctx.db, handlers: {} });
    ctx.app.readiness.jobs = runner;
    try {
      expect(runner.alive()).toBe(false);
      const stopped = await ready();
      expect(stopped.statusCode).toBe(503);
      expect(stopped.json()).toMatchObject({ status: 'unavailable', checks: { jobs: 'failed' } });
      runner.start({ intervalMs: 60_000 });
      expect(runner.alive()).toBe(true);
      expect((await ready()).json()).toMatchObject({ status: 'ok', checks: { jobs: 'ok' } });
      await runner.stop();
      expect(runner.alive()).toBe(false);
    } finally {
      ctx.app.readiness.jobs = undefined;
    }
  });

  it('fails readiness from the start of a shutdown while the process still lives', async () => {
    ctx.app.readiness.draining = true;
    try {
      const draining = await ready();
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toEqual({
        status: 'unavailable',
        checks: { shutdown: 'failed', database: 'ok', migrations: 'ok' },
      });
      expect((await ctx.app.inject({ url: '/healthz' })).statusCode).toBe(200);
      // everything else is still served meanwhile
      expect((await ctx.app.inject({ url: '/api/categories/top' })).statusCode).toBe(200);
    } finally {
      ctx.app.readiness.draining = false;
    }
  });
});

describe('/readyz on a database behind this build', () => {
  const ctx = useTestApp();

  it('is not ready until the database has the newest migration', async () => {
    const [newest] = (
      (await ctx.db.execute(
        sql`select id, created_at::float8 as at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      )) as unknown as { rows: { id: number; at: number }[] }
    ).rows;
    await ctx.db.execute(
      sql`update drizzle.__drizzle_migrations set created_at = created_at - 1 where id = ${newest?.id}`,
    );
    const behind = await ctx.app.inject({ url: '/readyz' });
    expect(behind.statusCode).toBe(503);
    expect(behind.json()).toMatchObject({ checks: { database: 'ok', migrations: 'failed' } });

    await ctx.db.execute(
      sql`update drizzle.__drizzle_migrations set created_at = ${newest?.at} where id = ${newest?.id}`,
    );
    expect((await ctx.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});
