import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type Browser, expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { secretsFile, setupTokenOf, staffEmail } from './staff-accounts.ts';
import { waitForStartOnLoad } from './test.ts';

const root = resolve(import.meta.dirname, '../../../..');
export const SHOP_PORT = Number(process.env.E2E_PORT ?? 3100);
/** The shop whose scoring waits for a credit officer. */
export const REVIEW_PORT = SHOP_PORT + 1;
export const baseOf = (port: number) => `http://localhost:${port}`;

const passwordOf = (role: string) => `e2e ${role} password, long enough`;

const totpOf = (secret: string, email: string) =>
  new TOTP({
    issuer: 'Bozor',
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });

const PERIOD_MS = 30_000;
const stepAt = (at: number) => Math.floor(at / PERIOD_MS);

/**
 * A code of a step not used before: each step signs in once (the setup spent the one it took).
 * The shop takes the step after the current one too (an authenticator whose clock runs a little
 * ahead), so a sign-in right after the setup uses that one instead of waiting up to 30 s for it;
 * only a third sign-in within one step waits for the next.
 */
async function freshCode(email: string, secret: string, port: number, role: string) {
  for (;;) {
    const used = Number(secrets(port)[`${role}:step`] ?? Number.NEGATIVE_INFINITY);
    const now = stepAt(Date.now());
    const step = [now, now + 1].find((candidate) => candidate > used);
    if (step !== undefined) {
      remember(port, `${role}:step`, String(step));
      return totpOf(secret, email).generate({ timestamp: step * PERIOD_MS });
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

function remember(port: number, key: string, value: string | null) {
  writeFileSync(
    resolve(root, secretsFile(port)),
    JSON.stringify({ ...secrets(port), [key]: value }),
  );
}

function secrets(port: number): Record<string, string | null> {
  const file = resolve(root, secretsFile(port));
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
}

/** Uses the account's setup link once: the password, and the authenticator when asked. */
async function setUp(page: Page, port: number, role: string): Promise<string | null> {
  const known = secrets(port);
  if (role in known) return known[role] ?? null;
  const email = staffEmail(role);
  await page.goto(`${baseOf(port)}/admin/setup?token=${setupTokenOf(port, role)}`);
  await page.getByLabel('Новый пароль').fill(passwordOf(role));
  await page.getByLabel('Пароль ещё раз').fill(passwordOf(role));
  const required = await page.getByText(/Для вашей роли нужен второй фактор/).isVisible();
  let secret: string | null = null;
  if (required) {
    secret = ((await page.locator('code').textContent()) ?? '').trim();
    await page
      .getByLabel('Код из приложения-аутентификатора')
      .fill(await freshCode(email, secret, port, role));
  }
  await page.getByRole('button', { name: 'Сохранить и перейти ко входу' }).click();
  await expect(page.getByText('Учётная запись готова')).toBeVisible();
  remember(port, role, secret);
  return secret;
}

/**
 * A browser of its own for a member of staff of `role` on the shop at `port`, signed in to the
 * back office in Russian at 1440 px (set up first when this run has not yet).
 */
export async function openStaff(browser: Browser, role: string, port = SHOP_PORT) {
  const context = await browser.newContext({
    baseURL: baseOf(port),
    viewport: { width: 1440, height: 900 },
  });
  await context.addInitScript(() => localStorage.setItem('bozorAdminLang', 'ru'));
  const page = waitForStartOnLoad(await context.newPage());
  const secret = await setUp(page, port, role);
  const email = staffEmail(role);
  await page.goto('/admin/sign-in');
  await page.getByLabel('Электронная почта').fill(email);
  await page.getByLabel('Пароль').fill(passwordOf(role));
  await page.getByRole('button', { name: 'Войти' }).click();
  if (secret) {
    const code = page.getByLabel('Код из приложения-аутентификатора');
    await code.fill(await freshCode(email, secret, port, role));
    await page.getByRole('button', { name: 'Войти' }).click();
  }
  await expect(page.getByRole('navigation', { name: 'Bozor · управление' })).toBeVisible();
  return { page, context, email };
}
