import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../../src');
/** The one file that may name an order status by its number (through the contract's mapping). */
const LIFECYCLE = 'modules/orders/lifecycle.ts';

/** An order status id (DESIGN §4) not followed by another digit: -2, -1, 1–5, 10. */
const ID = '-?(?:10|[1-5])(?![0-9])';
/** Ways a status number is written in code and SQL: compared, set, listed or switched on. */
const PATTERNS: readonly RegExp[] = [
  new RegExp(String.raw`status[)\]]?\s*(?:===|!==|==|!=|<=|>=|<|>|=)\s*${ID}`),
  new RegExp(String.raw`status:\s*${ID}`),
  new RegExp(String.raw`status,\s*\[?\s*${ID}`),
  new RegExp(String.raw`\bcase\s+${ID}\s*:`),
  new RegExp(String.raw`status\s+(?:not\s+)?in\s*\(\s*${ID}`, 'i'),
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Lines of `text` that write an order status as a number. */
function statusNumbers(text: string): string[] {
  return text
    .split('\n')
    .map((line, index) => ({ line: line.trim(), number: index + 1 }))
    .filter(({ line }) => PATTERNS.some((pattern) => pattern.test(line)))
    .map(({ line, number }) => `${number}: ${line}`);
}

describe('one order lifecycle', () => {
  it('finds a status number written in each way code writes one', () => {
    const planted = [
      'if (order.status !== 1) return;',
      "if (locked?.order.status === -2) throw new Error('x');",
      '.set({ status: 5, updatedAt: now })',
      '.where(and(eq(orders.status, 4), isNull(orders.paidAt)))',
      'notInArray(orders.status, [-2, -1])',
      '  case 10:',
      'and o.status not in (-2, -1)',
      "where o.status = 2 and o.payment_type = 'full'",
    ];
    for (const line of planted) expect(statusNumbers(line), line).toHaveLength(1);
    // HTTP statuses, credits' named statuses and other numbers are not order statuses
    for (const line of [
      "throw new AppError('ORDER_NOT_FOUND', 404);",
      'reply.status(409).send(body);',
      "{ status: 404, code: 'CREDIT_NOT_FOUND' }",
      "eq(credits.status, 'overdue')",
      'if (status >= 500) log.warn(error);',
      'status: ORDER_MOVES.ship.to,',
    ]) {
      expect(statusNumbers(line), line).toEqual([]);
    }
  });

  it(`names every order status through ${LIFECYCLE}, never by its number`, () => {
    const found = sourceFiles(SRC)
      .filter((path) => relative(SRC, path) !== LIFECYCLE)
      .flatMap((path) =>
        statusNumbers(readFileSync(path, 'utf8')).map((hit) => `${relative(SRC, path)}:${hit}`),
      );
    expect(found).toEqual([]);
  });
});
