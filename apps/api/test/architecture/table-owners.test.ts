import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../../src');

/**
 * Tables written by more than one module, and why (docs/architecture.md "Who writes which
 * table"). Every other table is written by one module alone, its owner; `db/` (the reference
 * rows and the demo shop written into an empty database) is not counted.
 */
const SHARED_WRITERS: Readonly<Record<string, { writers: string[]; why: string }>> = {
  orders: {
    writers: ['contracts', 'credits', 'orders', 'payments'],
    why: 'each step sets the status through orders/lifecycle.ts; the row is written where the step is',
  },
  credits: {
    writers: ['contracts', 'credits', 'orders'],
    why: 'checkout opens the credit, signing starts it, the credit module runs it',
  },
  credit_installments: {
    writers: ['credits', 'orders'],
    why: 'checkout writes the schedule with the credit; payments and penalties are the credits’',
  },
  customers: {
    writers: ['accounts', 'scoring'],
    why: 'scoring marks a customer identified and scored',
  },
  scoring_profiles: {
    writers: ['accounts', 'scoring'],
    why: 'staff cap a customer’s limit from the customer’s page',
  },
  basket_items: {
    writers: ['orders', 'shopping'],
    why: 'an order placed takes its lines out of the basket',
  },
  staff: {
    writers: ['lib', 'staff'],
    why: 'rotating the secrets re-encrypts the staff’s second-step keys',
  },
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The Drizzle tables the schema declares: the variable's name → the table's name. */
function schemaTables(): Map<string, string> {
  const tables = new Map<string, string>();
  for (const file of sourceFiles(join(SRC, 'db/schema'))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)) {
      tables.set(m[1]!, m[2]!);
    }
  }
  return tables;
}

/** Where a file lives: its module (`modules/<name>/…`), else its top folder (`lib`, `jobs`…). */
function areaOf(file: string): string {
  const parts = relative(SRC, file).split('/');
  if (parts[0] === 'modules') return parts[1]!;
  return parts.length > 1 ? parts[0]! : parts[0]!.replace(/\.ts$/, '');
}

/** The tables each area inserts into, updates or deletes from. */
function writersByTable(files: { path: string; text: string }[]): Map<string, Set<string>> {
  const tables = schemaTables();
  const writers = new Map<string, Set<string>>();
  for (const { path, text } of files) {
    const area = areaOf(path);
    if (area === 'db') continue;
    for (const m of text.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\b/g)) {
      const table = tables.get(m[1]!);
      if (!table) continue;
      const set = writers.get(table) ?? new Set<string>();
      set.add(area);
      writers.set(table, set);
    }
  }
  return writers;
}

const sources = () => sourceFiles(SRC).map((path) => ({ path, text: readFileSync(path, 'utf8') }));

describe('who writes which table', () => {
  it('finds the writes a module makes, in each way Drizzle writes', () => {
    const planted = [
      { path: join(SRC, 'modules/shopping/x.ts'), text: 'await tx.update(orders).set({})' },
      { path: join(SRC, 'modules/seo/x.ts'), text: 'await db\n  .insert(orders)\n  .values(v)' },
      { path: join(SRC, 'jobs/x.ts'), text: 'await tx.delete( orders ).where(w)' },
      { path: join(SRC, 'db/demo.ts'), text: 'await tx.insert(orders).values(v)' },
    ];
    expect([...(writersByTable(planted).get('orders') ?? [])].sort()).toEqual([
      'jobs',
      'seo',
      'shopping',
    ]);
  });

  it('has one writer for every table but the few shared for a reason', () => {
    const found = writersByTable(sources());
    const wrong: string[] = [];
    for (const [table, areas] of found) {
      const allowed = SHARED_WRITERS[table]?.writers;
      const list = [...areas].sort();
      if (allowed ? list.some((area) => !allowed.includes(area)) : list.length > 1) {
        wrong.push(`${table}: written by ${list.join(', ')}`);
      }
    }
    expect(wrong, 'a table written from another module: go through its owner’s front door').toEqual(
      [],
    );
  });

  it('lists no shared writer that no longer writes', () => {
    const found = writersByTable(sources());
    for (const [table, { writers }] of Object.entries(SHARED_WRITERS)) {
      expect([...(found.get(table) ?? [])].sort(), table).toEqual([...writers].sort());
    }
  });
});
