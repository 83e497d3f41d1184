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

describe("the back office's import rules (npm run lint:deps)", () => {
  it('refuses a feature that imports app/', async () => {
    await plant({
      'app/layout.tsx': 'export const Layout = () => null;\n',
      'features/orders/orders-page.tsx':
        "import { Layout } from '../../app/layout.tsx';\nexport const OrdersPage = Layout;\n",
    });
    const { code, report } = await cruise();
    expect(code).not.toBe(0);
    expect(report).toContain('no-app-in-admin-features');
    expect(report).toContain('features/orders/orders-page.tsx');
  });

  it('refuses components/ importing a feature', async () => {
    await plant({
      'features/orders/texts.ts': 'export const orderTexts = {};\n',
      'components/ui.tsx':
        "import { orderTexts } from '../features/orders/texts.ts';\nexport const ui = orderTexts;\n",
    });
    const { code, report } = await cruise();
    expect(code).not.toBe(0);
    expect(report).toContain('no-features-in-admin-shared');
  });

  it('lets app/ compose features and features use components/', async () => {
    await plant({
      'components/access.tsx': 'export const RequirePermission = () => null;\n',
      'features/orders/orders-page.tsx':
        "import { RequirePermission } from '../../components/access.tsx';\nexport const OrdersPage = RequirePermission;\n",
      'app/router.tsx':
        "import { OrdersPage } from '../features/orders/orders-page.tsx';\nexport const router = OrdersPage;\n",
    });
    const { code, report } = await cruise();
    expect(report).toContain('no dependency violations found');
    expect(code).toBe(0);
  });
});
