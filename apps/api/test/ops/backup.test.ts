import { randomBytes } from 'node:crypto';
import {
  cpSync,
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { asc, eq, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import Fastify from 'fastify';
import pg from 'pg';
import sharp from 'sharp';
import { extract as tarExtract, pack as tarPack } from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DatabaseHandle,
  MIGRATIONS_FOLDER,
  openDatabase,
  PGLITE_OPTIONS,
} from '../../src/db/client.ts';
import { seedDemo } from '../../src/db/demo.ts';
import {
  creditInstallments,
  credits,
  ledgerEntries,
  orders,
  tariffs,
} from '../../src/db/schema/index.ts';
import { uploadPicture } from '../../src/modules/pictures/service.ts';
import { type BackupSource, createBackup, dumpEmbedded } from '../../src/ops/backup.ts';
import { BackupError, knownMigrations, readMigrationLevel } from '../../src/ops/backup-archive.ts';
import {
  BACKUP_ROUTE,
  dumpFromRunningShop,
  embeddedSource,
  endpointFile,
  offerBackups,
} from '../../src/ops/backup-endpoint.ts';
import { findPostgresTool, parseToolVersion } from '../../src/ops/backup-postgres.ts';
import { type RestoreTarget, restoreBackup, verifyBackup } from '../../src/ops/backup-restore.ts';
import { createPrivateStorage, LocalStorage } from '../../src/providers/storage/index.ts';
import { withDatabase } from '../global-setup.ts';
import { useTestApp } from '../helpers/app.ts';
import { databaseUrlOf } from '../helpers/database.ts';
import { useS3rver } from '../helpers/s3rver.ts';
import { signedInStaff } from '../helpers/staff.ts';
import { checkoutCalls } from '../modules/orders/buyer.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
const kind = serverUrl ? 'PostgreSQL' : 'PGlite';
const work = mkdtempSync(join(tmpdir(), 'bozor-backup-test-'));
const mediaDir = join(work, 'media');
const uploadDir = join(work, 'uploads');
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A new empty target of the run's kind of database, dropped or removed after the file. */
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

async function emptyTarget(): Promise<{ target: RestoreTarget; open: () => DatabaseHandle }> {
  if (serverUrl) {
    const name = `bozor_restore_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    cleanups.push(async () => {
      const drop = new pg.Client({ connectionString: serverUrl });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    });
    const url = withDatabase(serverUrl, name);
    return { target: { kind: 'postgres', url }, open: () => openDatabase({ url }) };
  }
  const dataDir = join(work, `db-${randomBytes(4).toString('hex')}`);
  return { target: { kind: 'pglite', dataDir }, open: () => openDatabase({ dataDir }) };
}

/** The source of a backup of a test database, as `npm run backup` makes it for that kind. */
function sourceOf(database: DatabaseHandle): BackupSource {
  const url = databaseUrlOf(database);
  if (url) return { kind: 'postgres', url };
  return { kind: 'pglite', dump: () => dumpEmbedded(database, 'backup command') };
}

/** The archive's entries, rewritten by `change` (which may alter an entry's bytes). */
async function rewrite(
  from: string,
  to: string,
  change: (name: string, bytes: Buffer) => Buffer,
): Promise<void> {
  const entries: { name: string; bytes: Buffer }[] = [];
  const extract = tarExtract();
  const reading = pipeline(createReadStream(from), createGunzip(), extract);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    entries.push({
      name: entry.header.name,
      bytes: change(entry.header.name, Buffer.concat(chunks)),
    });
  }
  await reading;
  const pack = tarPack();
  const writing = pipeline(pack, createGzip({ level: 1 }), createWriteStream(to));
  for (const entry of entries) pack.entry({ name: entry.name }, entry.bytes);
  pack.finalize();
  await writing;
}

/**
 * Each test starts databases, dumps and restores them and migrates from the first migration: tens
 * of seconds on a busy machine, so these tests get more than the suite's 30 s.
 */
const SLOW = { timeout: 120_000 };

describe(`backup and restore on ${kind}`, SLOW, () => {
  const s3 = useS3rver();
  const ctx = useTestApp({
    storage: new LocalStorage(mediaDir),
    privateStorage: new LocalStorage(uploadDir, { private: true }),
  });
  const shop = checkoutCalls(ctx);
  let backupFile: string;
  let orderId: number;
  let creditId: number;
  let pictureKey: string;

  beforeAll(async () => {
    await ctx.db.transaction((tx) => seedDemo(tx, { products: 5, seed: 7 }));
    const [tariff] = await ctx.db.select().from(tariffs).orderBy(asc(tariffs.months)).limit(1);
    const buyer = await shop.buyer({ limit: 20_000_000 });
    const product = await shop.product({ price: 3_000_000 });
    const placed = await shop.order(buyer, [{ id: product.id }], {
      payment_type: 'installment',
      tariff_id: tariff!.id,
      prepayment: 600_000,
    });
    orderId = placed.order_id;
    creditId = placed.credit_id!;
    await shop.recordPaid(buyer, { orderId, creditId, purpose: 'first', amount: 600_000 });
    await shop.recordPaid(buyer, { orderId, creditId, purpose: 'installment', amount: 250_000 });

    const staff = await signedInStaff(ctx.app, ctx.db, 'owner');
    const photo = await sharp({
      create: { width: 320, height: 240, channels: 3, background: { r: 200, g: 40, b: 90 } },
    })
      .jpeg()
      .toBuffer();
    const uploaded = await uploadPicture(
      { db: ctx.db, storage: ctx.app.storage },
      { staffId: staff.staffId, ip: null },
      { bytes: photo, kind: 'product' },
    );
    const hash = /u\/([0-9a-f]{32})/.exec(uploaded.path)?.[1] ?? uploaded.path;
    const [first] = readdirSync(join(mediaDir, 'u', hash));
    pictureKey = `u/${hash}/${first}`;
    await ctx.app.privateStorage.put('faces/1-face.jpg', photo, 'image/jpeg');

    const result = await createBackup({
      source: sourceOf(ctx.database),
      storage: { provider: 'local', dir: mediaDir },
      privateStorage: { provider: 'local', dir: uploadDir },
      outDir: join(work, 'backups'),
    });
    backupFile = result.file;
  });

  /** What must come back the same: the order, its credit, its schedule and its ledger. */
  async function moneyOf(database: DatabaseHandle) {
    const { db } = database;
    return {
      order: await db.select().from(orders).where(eq(orders.id, orderId)),
      credit: await db.select().from(credits).where(eq(credits.id, creditId)),
      schedule: await db
        .select()
        .from(creditInstallments)
        .where(eq(creditInstallments.creditId, creditId))
        .orderBy(asc(creditInstallments.number)),
      ledger: await db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.orderId, orderId))
        .orderBy(asc(ledgerEntries.id)),
    };
  }

  it('writes one dated file with the dump, the pictures and a manifest of checksums', async () => {
    expect(backupFile).toMatch(/bozor-\d{4}-\d{2}-\d{2}T\d{6}Z\.tar\.gz$/);
    const manifest = await verifyBackup(backupFile);
    expect(manifest.database.kind).toBe(serverUrl ? 'postgres' : 'pglite');
    expect(manifest.migrations).toEqual(await readMigrationLevel(ctx.db));
    expect(manifest.migrations.last).toBe(knownMigrations().at(-1)!.tag);
    expect(manifest.files[`media/${pictureKey}`]?.size).toBe(
      readFileSync(join(mediaDir, pictureKey)).length,
    );
    const stored = readdirSync(mediaDir, { recursive: true, withFileTypes: true });
    expect(manifest.media.files).toBe(stored.filter((entry) => entry.isFile()).length);
    expect(manifest.uploads.files).toBe(1);
  });

  it('restores into an empty database: the order, its credit, schedule and ledger, and the picture', async () => {
    const before = await moneyOf(ctx.database);
    expect(before.order).toHaveLength(1);
    expect(before.schedule.length).toBeGreaterThan(0);
    expect(before.ledger).toHaveLength(2);

    const { target, open } = await emptyTarget();
    const restoredMedia = join(work, 'media-restored');
    const restoredUploads = join(work, 'uploads-restored');
    const result = await restoreBackup({
      file: backupFile,
      target,
      storage: { provider: 'local', dir: restoredMedia },
      privateStorage: { provider: 'local', dir: restoredUploads },
    });
    expect(result.media).toBeGreaterThan(0);
    expect(result.faces).toBe(1);
    // the database names face images by key: another UPLOAD_DIR needs no note
    expect(result.notes).toEqual([]);

    const restored = open();
    try {
      expect(await moneyOf(restored)).toEqual(before);
      expect(await readMigrationLevel(restored.db)).toEqual(await readMigrationLevel(ctx.db));
      // it is Bozor's database as a start finds it: migrating again has nothing to do
      await restored.migrate();
      expect(await moneyOf(restored)).toEqual(before);
    } finally {
      await restored.close();
    }
    expect(readFileSync(join(restoredMedia, pictureKey))).toEqual(
      readFileSync(join(mediaDir, pictureKey)),
    );
    expect(readFileSync(join(restoredUploads, 'faces', '1-face.jpg'))).toEqual(
      readFileSync(join(uploadDir, 'faces', '1-face.jpg')),
    );

    // a second restore into the now full database is refused, and changes nothing
    const untouched = join(work, 'media-untouched');
    await expect(
      restoreBackup({
        file: backupFile,
        target,
        storage: { provider: 'local', dir: untouched },
        privateStorage: { provider: 'local', dir: untouched },
      }),
    ).rejects.toThrow(/not empty.*nothing was changed.*--force/s);
    expect(existsSync(untouched)).toBe(false);

    // with --force it replaces what is there
    const again = await restoreBackup({
      file: backupFile,
      target,
      storage: { provider: 'local', dir: restoredMedia },
      privateStorage: { provider: 'local', dir: restoredUploads },
      force: true,
    });
    if (target.kind === 'pglite') {
      expect(again.movedAside).toBeDefined();
      expect(existsSync(again.movedAside!)).toBe(true);
    }
    const replaced = open();
    try {
      expect(await moneyOf(replaced)).toEqual(before);
    } finally {
      await replaced.close();
    }
  });

  it('refuses a truncated, a corrupt and a foreign file, changing nothing', async () => {
    const bytes = readFileSync(backupFile);
    const truncated = join(work, 'truncated.tar.gz');
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const flipped = join(work, 'flipped.tar.gz');
    const damaged = Buffer.from(bytes);
    damaged[Math.floor(damaged.length / 2)]! ^= 0xff;
    writeFileSync(flipped, damaged);
    const tampered = join(work, 'tampered.tar.gz');
    await rewrite(backupFile, tampered, (name, entry) =>
      name === `media/${pictureKey}` ? Buffer.concat([entry, Buffer.from('x')]) : entry,
    );
    const foreign = join(work, 'foreign.tar.gz');
    await rewrite(backupFile, foreign, (name, entry) =>
      name === 'manifest.json' ? Buffer.from('{"format":"something-else"}') : entry,
    );
    const notGzip = join(work, 'notes.txt');
    writeFileSync(notGzip, 'not a backup');

    const cases: [string, RegExp][] = [
      [truncated, /truncated/],
      [flipped, /corrupt|truncated|not a Bozor backup/],
      [tampered, /does not match its checksum/],
      [foreign, /not a Bozor backup/],
      [notGzip, /not a \.tar\.gz file/],
      [join(work, 'missing.tar.gz'), /There is no file/],
    ];
    for (const [file, message] of cases) {
      const { target, open } = await emptyTarget();
      const media = join(work, `media-${randomBytes(4).toString('hex')}`);
      const error = await restoreBackup({
        file,
        target,
        storage: { provider: 'local', dir: media },
        privateStorage: { provider: 'local', dir: media },
      }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error, file).toBeInstanceOf(BackupError);
      expect((error as Error).message, file).toMatch(message);
      expect(existsSync(media), file).toBe(false);
      if (target.kind === 'pglite') {
        expect(existsSync(target.dataDir), file).toBe(false);
      } else {
        const database = open();
        try {
          const found = (await database.db.execute(
            sql`select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')`,
          )) as unknown as { rows: { n: number }[] };
          expect(found.rows[0]?.n, file).toBe(0);
        } finally {
          await database.close();
        }
      }
    }
  });

  it('takes the face images from a private bucket, and puts them back into the private store', async () => {
    const bucket = { provider: 's3', ...s3.options(), prefix: 'private' } as const;
    const face = readFileSync(join(uploadDir, 'faces', '1-face.jpg'));
    await createPrivateStorage(bucket).put('faces/2-face.jpg', face, 'image/jpeg');
    const { file, manifest } = await createBackup({
      source: sourceOf(ctx.database),
      storage: { provider: 'local', dir: mediaDir },
      privateStorage: bucket,
      outDir: join(work, 'backups-of-a-bucket'),
    });
    expect(manifest.uploads).toMatchObject({ dir: 's3://bozor-media/private/', files: 1 });
    expect(Object.keys(manifest.files)).toContain('uploads/faces/2-face.jpg');

    // into another folder of the bucket, as a restore elsewhere would
    const { target } = await emptyTarget();
    const elsewhere = { ...bucket, prefix: 'restored' };
    const result = await restoreBackup({
      file,
      target,
      storage: { provider: 'local', dir: join(work, 'media-of-a-bucket') },
      privateStorage: elsewhere,
    });
    expect(result.faces).toBe(1);
    const back = await createPrivateStorage(elsewhere).get('faces/2-face.jpg');
    expect(back && (await buffer(back.body)).equals(face)).toBe(true);
  });

  it('refuses a backup of the other kind of database', async () => {
    const other: RestoreTarget = serverUrl
      ? { kind: 'pglite', dataDir: join(work, 'never') }
      : { kind: 'postgres', url: 'postgres://nobody@127.0.0.1:1/none' };
    await expect(
      restoreBackup({
        file: backupFile,
        target: other,
        storage: { provider: 'local', dir: join(work, 'never-media') },
        privateStorage: { provider: 'local', dir: join(work, 'never-media') },
      }),
    ).rejects.toThrow(/same kind of database/);
  });
});

describe(`a backup from an older migration level on ${kind}`, SLOW, () => {
  it('restores, and the next start migrates it', async () => {
    // the migrations up to the fifth, as an older Bozor had them
    const older = join(work, 'older-migrations');
    cpSync(MIGRATIONS_FOLDER, older, { recursive: true });
    const journalFile = join(older, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
    journal.entries = journal.entries.slice(0, 5);
    writeFileSync(journalFile, JSON.stringify(journal));

    const { target: source, open: openSource } = await emptyTarget();
    let client: PGlite | undefined;
    let database: DatabaseHandle;
    if (source.kind === 'postgres') {
      const pool = new pg.Pool({ connectionString: source.url, max: 1 });
      await migratePg(drizzlePg(pool), { migrationsFolder: older });
      await pool.end();
      database = openSource();
    } else {
      client = new PGlite(PGLITE_OPTIONS);
      await migratePglite(drizzlePglite(client), { migrationsFolder: older });
      database = openDatabase({ dataDir: undefined, pglite: client });
    }
    let file: string;
    try {
      expect((await readMigrationLevel(database.db)).count).toBe(5);
      file = (
        await createBackup({
          source:
            source.kind === 'postgres'
              ? { kind: 'postgres', url: source.url }
              : { kind: 'pglite', dump: () => dumpEmbedded(database, 'backup command') },
          storage: { provider: 'local', dir: join(work, 'no-media') },
          privateStorage: undefined,
          outDir: join(work, 'older-backups'),
        })
      ).file;
    } finally {
      await database.close();
    }
    const { target, open } = await emptyTarget();
    await restoreBackup({
      file,
      target,
      storage: { provider: 'local', dir: join(work, 'no-media-restored') },
      privateStorage: { provider: 'local', dir: join(work, 'no-media-restored') },
    });
    const restored = open();
    try {
      expect((await readMigrationLevel(restored.db)).count).toBe(5);
      await restored.migrate();
      const level = await readMigrationLevel(restored.db);
      expect(level.count).toBe(knownMigrations().length);
      expect(level.last).toBe(knownMigrations().at(-1)!.tag);
    } finally {
      await restored.close();
    }
  });
});

describe('the embedded database while the shop runs', SLOW, () => {
  it('is dumped by the shop through its loopback route, with the token of its endpoint file', async () => {
    const dataDir = join(work, 'running-db');
    // a bare embedded database is enough here (no extensions, no migrations): it starts sooner
    const client = new PGlite();
    await client.exec('create table kept (id int); insert into kept values (1), (2), (3);');
    const database = openDatabase({ dataDir: undefined, pglite: client });
    const app = Fastify();
    const endpoint = await offerBackups(app, database, { dataDir, host: '127.0.0.1' });
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const address = app.server.address();
      await endpoint.announce(typeof address === 'object' && address ? address.port : 0);
      const dump = await dumpFromRunningShop(dataDir);
      expect(dump?.takenBy).toBe('running shop');
      const copy = await PGlite.create({ loadDataDir: dump!.tar });
      expect((await copy.query('select count(*)::int as n from kept')).rows).toEqual([{ n: 3 }]);
      await copy.close();

      // another address, or no token, is refused
      const fromAfar = await app.inject({
        method: 'POST',
        url: BACKUP_ROUTE,
        remoteAddress: '203.0.113.7',
      });
      expect(fromAfar.statusCode).toBe(403);
      const guessed = await app.inject({
        method: 'POST',
        url: BACKUP_ROUTE,
        headers: { authorization: 'Bearer guessed' },
      });
      expect(guessed.statusCode).toBe(401);
    } finally {
      await endpoint.close();
      await app.close();
      await database.close();
    }
    expect(existsSync(endpointFile(dataDir))).toBe(false);
  });

  it('is refused when another process has the folder open and no shop answers', async () => {
    const dataDir = join(work, 'held-db');
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(join(dataDir, 'PG_VERSION'), '18\n');
    writeFileSync(join(dataDir, 'postmaster.pid'), '-42\n');
    // a shop that stopped without removing its endpoint file: nothing listens there any more
    const closed = Fastify();
    await closed.listen({ host: '127.0.0.1', port: 0 });
    const address = closed.server.address();
    await closed.close();
    writeFileSync(
      endpointFile(dataDir),
      JSON.stringify({
        pid: 1,
        host: '0.0.0.0',
        port: typeof address === 'object' && address ? address.port : 1,
        token: 'gone',
      }),
    );
    const source = embeddedSource(dataDir);
    if (source.kind !== 'pglite') throw new Error('expected the embedded source');
    await expect(source.dump()).rejects.toThrow(/open in another process.*Nothing was written/s);
  });
});

describe('the PostgreSQL client tools', () => {
  it('reads their version and names what to install when they are missing or too old', async () => {
    expect(parseToolVersion('pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)')).toEqual({
      version: '15.20',
      major: 15,
    });
    expect(parseToolVersion('pg_restore (PostgreSQL) 17beta1')).toEqual({
      version: '17',
      major: 17,
    });
    await expect(
      findPostgresTool('pg_dump', 16, 'the server it must dump', join(work, 'no-bin')),
    ).rejects.toThrow(/pg_dump was not found in PG_BIN_DIR.*apt-get install postgresql-client-16/s);
    const found = await findPostgresTool('pg_dump', 0, 'the server it must dump');
    await expect(
      findPostgresTool('pg_dump', found.major + 1, 'the server it must dump'),
    ).rejects.toThrow(
      new RegExp(
        `pg_dump ${found.version} .* is older than the server it must dump, PostgreSQL ${found.major + 1}`,
      ),
    );
  });
});
