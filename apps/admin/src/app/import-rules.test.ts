// @vitest-environment node
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../../..');
const DEPCRUISE = join(ROOT, 'node_modules/.bin/depcruise');
const CONFIG = join(ROOT, '.dependency-cruiser.cjs');
const run = promisify(execFile);

let fixture = '';

beforeEach(async () => {
  fixture = await mkdtemp(join(tmpdir(), 'bozor-admin-imports-'));
});

afterEach(async () => {
  await rm(fixture, { recursive: true, force: true });
});

/** Writes a small back office into the fixture: `files` by their path under apps/admin/src. */
async function plant(files: Record<string, string>) {
  for (const [path, text] of Object.entries(files)) {
    const file = join(fixture, 'apps/admin/src', path);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, text);
  }
}

/** Runs the lint's cruise of apps/admin/src over the fixture: its exit code and its report. */
async function cruise(): Promise<{ code: number; report: string }> {
  try {
    const { stdout } = await run(DEPCRUISE, ['apps/admin/src', '--config', CONFIG], {
      cwd: fixture,
    });
    return { code: 0, report: stdout };
  } catch (failure) {
    const { code, stdout } = failure as { code: number; stdout: string };
    return { code, report: stdout };
  }
}

/** Plants `files` and sees the cruise fail on `rule`, naming `file` when given. */
async function expectRefused(files: Record<string, string>, rule: string, file?: string) {
  await plant(files);
  const { code, report } = await cruise();
  expect(code).not.toBe(0);
  expect(report).toContain(rule);
  if (file) expect(report).toContain(file);
}

describe("the back office's import rules (npm run lint:deps)", () => {
  it('refuses a feature that imports app/', () =>
    expectRefused(
      {
        'app/layout.tsx': 'export const Layout = () => null;\n',
        'features/orders/orders-page.tsx':
          "import { Layout } from '../../app/layout.tsx';\nexport const OrdersPage = Layout;\n",
      },
      'no-app-in-admin-features',
      'features/orders/orders-page.tsx',
    ));

  it('refuses components/ importing a feature', () =>
    expectRefused(
      {
        'features/orders/texts.ts': 'export const orderTexts = {};\n',
        'components/ui.tsx':
          "import { orderTexts } from '../features/orders/texts.ts';\nexport const ui = orderTexts;\n",
      },
      'no-features-in-admin-shared',
    ));

  it("refuses a feature importing another feature's files", () =>
    expectRefused(
      {
        'features/staff/api.ts': 'export const useStaffList = () => [];\n',
        'features/audit/audit-page.tsx':
          "import { useStaffList } from '../staff/api.ts';\nexport const AuditPage = useStaffList;\n",
      },
      'no-feature-in-another-admin-feature',
      'features/audit/audit-page.tsx',
    ));

  it('lets app/ compose features and features use components/', async () => {
    await plant({
      'components/access.tsx': 'export const RequirePermission = () => null;\n',
      'features/orders/api.ts': 'export const useOrders = () => [];\n',
      'features/orders/orders-page.tsx':
        "import { RequirePermission } from '../../components/access.tsx';\nimport { useOrders } from './api.ts';\nexport const OrdersPage = [RequirePermission, useOrders];\n",
      'app/router.tsx':
        "import { OrdersPage } from '../features/orders/orders-page.tsx';\nexport const router = OrdersPage;\n",
    });
    const { code, report } = await cruise();
    expect(report).toContain('no dependency violations found');
    expect(code).toBe(0);
  });
});
