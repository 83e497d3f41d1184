import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** Journeys run in several workers at once: each worker numbers its phones from its own digit. */
const worker = Number(process.env.TEST_WORKER_INDEX ?? 0) % 10;
/** Seconds of the clock, so a later run against a reused server starts past this run's phones. */
let counter = Math.floor(Date.now() / 1000);

/** A phone no other journey of this run uses: 99893, the worker's digit and a 6-digit counter. */
export function uniquePhone(): string {
  counter += 1;
  return `99893${worker}${String(counter % 1_000_000).padStart(6, '0')}`;
}

async function outbox(request: APIRequestContext, phone: string): Promise<string[]> {
  const response = await request.get(`/api/dev/outbox?phone=${phone}`);
  return ((await response.json()) as { data: { text: string }[] }).data.map((m) => m.text);
}

/** How many SMS the sandbox outbox holds for a phone. */
export async function countMessages(request: APIRequestContext, phone: string): Promise<number> {
  return (await outbox(request, phone)).length;
}

/**
 * The newest sign-in code the sandbox SMS outbox holds for a phone, waiting until it holds more
 * than `seen` messages (pass the count from before asking for a new code).
 */
export async function readCode(
  request: APIRequestContext,
  phone: string,
  seen = 0,
): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const texts = await outbox(request, phone);
      code = texts.length > seen ? (texts[0]?.match(/\b(\d{6})\b/)?.[1] ?? '') : '';
      return code;
    })
    .not.toBe('');
  return code;
}

/** Signs a new customer in through the API and returns their session token. */
export async function signInThroughApi(
  request: APIRequestContext,
  phone = uniquePhone(),
): Promise<{ token: string; phone: string }> {
  const sent = await request.post('/api/clients/send-code', { data: { phone } });
  expect(sent.ok()).toBe(true);
  const challenge = ((await sent.json()) as { data: { token: string } }).data.token;
  const code = await readCode(request, phone);
  const signed = await request.post('/api/clients/sign-in', { data: { token: challenge, code } });
  expect(signed.ok()).toBe(true);
  const { token } = ((await signed.json()) as { data: { token: string } }).data;
  return { token, phone };
}

/** Opens the shop as a signed-in customer: the session token goes where the storefront keeps it. */
export async function openSignedIn(
  page: Page,
  path = '/',
): Promise<{ token: string; phone: string }> {
  const session = await signInThroughApi(page.request);
  await page.addInitScript(({ token, phone }) => {
    if (!sessionStorage.getItem('bozor-e2e-session')) {
      localStorage.setItem('serviceToken', token);
      localStorage.setItem('phone', phone);
      sessionStorage.setItem('bozor-e2e-session', '1');
    }
  }, session);
  await page.goto(path);
  return session;
}
