import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, PGLITE_OPTIONS } from '../src/db/client.ts';
import { prepareDatabase } from '../src/db/prepare.ts';

const PREPARE_WITHOUT_DEMO = { seed: false, log: { info: () => {} } };

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

/**
 * Prepares one database for the whole run as a start without the demo catalogue does (migrations
 * and reference data); every test file starts from a copy of it (a PGlite data-dir dump, or a
 * PostgreSQL template database) instead of preparing again.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `bozor_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const handle = openDatabase({ url: withDatabase(url, template) });
    await prepareDatabase(handle, PREPARE_WITHOUT_DEMO);
    await handle.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'bozor-test-'));
  const client = new PGlite(PGLITE_OPTIONS);
  const handle = openDatabase({ dataDir: undefined, pglite: client });
  await prepareDatabase(handle, PREPARE_WITHOUT_DEMO);
  // uncompressed: each file's copy then loads in half the time of a gzipped one
  const dump = await client.dumpDataDir('none');
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
