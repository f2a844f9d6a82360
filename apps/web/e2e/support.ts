import { AxeBuilder } from '@axe-core/playwright';
import fs from 'node:fs';
import path from 'node:path';
import type { JoinRequest, LoginResult, MemberDto, SessionRole } from '@mkt/contracts';
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { StoreApi } from '@mkt/testing';
import { launchChromium } from '@mkt/testing/browser';

export { JOIN_PASSWORD, poll } from '@mkt/testing';

/**
 * Shared harness of the browser tests: a real Chromium against the running server
 * (`MKT_E2E_BASE_URL`, set by the browser global setup or by hand).
 */

export const TEST_TIMEOUT_MS = 60_000;
export const RESULTS_DIR = path.resolve(__dirname, '../../../test-results');

export function baseUrl(): string {
  const base = process.env.MKT_E2E_BASE_URL;
  if (!base) {
    throw new Error('MKT_E2E_BASE_URL is not set: the browser global setup starts the server and sets it.');
  }
  return base.replace(/\/+$/, '');
}

/** The store's API as the tests call it from outside (libs/testing). */
export function storeApi(): StoreApi {
  return new StoreApi(baseUrl());
}

export async function getJson<T>(pathAndQuery: string): Promise<T> {
  const url = `${baseUrl()}${pathAndQuery}`;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/**
 * Joins a fresh member through the API and gives its e-mail (password {@link JOIN_PASSWORD}):
 * tests that change a member use their own, never the shared demo accounts.
 */
export function joinMember(prefix: string, fields: Partial<JoinRequest> = {}): Promise<string> {
  return storeApi().join(prefix, fields);
}

/** POST /api/member/login; throws unless it succeeds. */
export function memberLogin(email: string, password: string): Promise<LoginResult> {
  return storeApi().login(email, password);
}

/** GET /api/member/info/{email}, read with a login of its own. */
export async function memberInfo(email: string, password: string): Promise<MemberDto> {
  const { accessToken } = await memberLogin(email, password);
  const response = await fetch(`${baseUrl()}/api/member/info/${encodeURIComponent(email)}`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  if (!response.ok) throw new Error(`info of ${email} answered ${response.status}`);
  return (await response.json()) as MemberDto;
}

/**
 * Leaves the browser signed in as `role` with an API login's session, the way the app's sign-in
 * does: the tokens in the role's HttpOnly cookies (as the server sets them), the rest of the
 * login answer in the role's cookie the app reads.
 */
export async function signInAs(page: Page, role: SessionRole, result: LoginResult): Promise<void> {
  const { accessToken, refreshToken, ...visible } = result;
  const expires = Math.floor(Date.now() / 1000) + 3600;
  const serverCookie = { httpOnly: true, secure: true, sameSite: 'Strict' as const, expires };
  const origin = new URL(baseUrl());
  const domain = origin.hostname;
  await page.context().addCookies([
    { name: `mkt-${role}-access`, value: accessToken, domain, path: '/', ...serverCookie },
    { name: `mkt-${role}-refresh`, value: refreshToken, domain, path: '/api/member', ...serverCookie },
    {
      name: role,
      value: encodeURIComponent(JSON.stringify(visible)),
      url: baseUrl(),
      sameSite: 'Lax',
      expires,
    },
  ]);
}

/** Signs the browser in as the member of `result` (see {@link signInAs}), with the member login's expiry. */
export async function signIn(page: Page, result: LoginResult): Promise<void> {
  await signInAs(page, 'member', result);
  await page.evaluate(`localStorage.setItem('expires', String(Date.now() + 3600000))`);
}

/** The detail call's path id: product 12 is `MTI=`. */
export function encodeProductId(pno: number): string {
  return Buffer.from(String(pno), 'utf8').toString('base64');
}

/** Waits until the locator's whole text is `text`. */
export async function waitForText(locator: Locator, text: string): Promise<void> {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await locator.filter({ hasText: new RegExp(`^\\s*${escaped}\\s*$`) }).waitFor();
}

/** Polls `read` until `accept` says yes (or the time is up, then the last value is returned for expect). */

const CHOSEONG = [
  'ㄱ',
  'ㄲ',
  'ㄴ',
  'ㄷ',
  'ㄸ',
  'ㄹ',
  'ㅁ',
  'ㅂ',
  'ㅃ',
  'ㅅ',
  'ㅆ',
  'ㅇ',
  'ㅈ',
  'ㅉ',
  'ㅊ',
  'ㅋ',
  'ㅌ',
  'ㅍ',
  'ㅎ',
] as const;
const HANGUL_FIRST = 0xac00;
const HANGUL_COUNT = 11_172;
/** Syllables per initial consonant: 21 vowels x 28 finals. */
const PER_INITIAL = 588;

/** 김치 -> ㄱㅊ; anything that is not a Hangul syllable stays as it is. */
export function toChoseong(text: string): string {
  return Array.from(text, (char) => {
    const offset = char.charCodeAt(0) - HANGUL_FIRST;
    if (offset < 0 || offset >= HANGUL_COUNT) return char;
    return CHOSEONG[Math.floor(offset / PER_INITIAL)];
  }).join('');
}

/** The words of a product name made only of Hangul syllables ('[바다마켓] 유기농 밀폐용기 2호' -> 유기농, 밀폐용기). */
export function hangulWords(name: string): string[] {
  return name
    .replace(/\[[^\]]*\]/g, ' ')
    .split(/\s+/)
    .filter((word) => /^[\uac00-\ud7a3]{2,}$/.test(word));
}

/** How long a test waits for a dialog it expects: failing at the step, not at Jest's test timeout. */
const DIALOG_TIMEOUT_MS = 20_000;

/** Accepts (or dismisses) the next dialog of the page and gives its message. */
export async function nextDialog(page: Page, answer: 'accept' | 'dismiss' = 'accept'): Promise<string> {
  const dialog = await page.waitForEvent('dialog', { timeout: DIALOG_TIMEOUT_MS });
  const message = dialog.message();
  await dialog[answer]();
  return message;
}

/** Signs in through a login page's form (`loginPath`: the member's, the seller's or the admin's) and its welcome alert. */
export async function signInThrough(
  page: Page,
  loginPath: string,
  email: string,
  password: string,
): Promise<void> {
  await page.goto(`${baseUrl()}${loginPath}`);
  await page.getByRole('textbox', { name: '이메일' }).fill(email);
  await page.getByLabel('비밀번호', { exact: true }).fill(password);
  const welcome = nextDialog(page);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  expect(await welcome).toBe('로그인되었습니다.');
}

/** On 비밀번호 찾기's page: asks for the reset mail to `email` and waits for the page to say it went out. */
export async function requestResetMail(page: Page, email: string): Promise<void> {
  await page.getByRole('textbox', { name: '이메일' }).fill(email);
  await page.getByRole('button', { name: '재설정 링크 받기' }).click();
  await page.getByTestId('reset-mail-sent').waitFor();
}

/** On a reset link's page: types `password` twice and submits it. */
export async function submitNewPassword(page: Page, password: string): Promise<void> {
  await page.getByLabel('새 비밀번호', { exact: true }).fill(password);
  await page.getByLabel('새 비밀번호 확인').fill(password);
  await page.getByRole('button', { name: '비밀번호 변경' }).click();
}

export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(RESULTS_DIR, `${name}.png`), fullPage: true });
}

/**
 * Fails with the list of serious or critical accessibility violations (axe-core) of the page as it
 * is now; minor and moderate ones are left to review.
 */
export async function expectAccessible(page: Page): Promise<void> {
  // Legacy mode runs axe in the page itself instead of merging frame results in a fresh blank page:
  // the same rules and results in about a third of the time. It skips cross-origin iframes, which the
  // store's pages do not have.
  const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  const blocking = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
  expect(blocking).toEqual([]);
}

/**
 * How the first element `selector` matches is drawn: an option drop-down's own style sheet sets
 * `appearance: none` and a 44 px height, which the browser's default drop-down lacks.
 */
export function dropDownLook(
  page: Page,
  selector: string,
): Promise<{ appearance: string; minHeight: string }> {
  return page.evaluate(`(() => {
    const style = getComputedStyle(document.querySelector(${JSON.stringify(selector)}));
    return { appearance: style.appearance, minHeight: style.minHeight };
  })()`);
}

export const PHONE_WIDTH = 390;

/**
 * A phone's compact menu (my page's, the consoles'): its links in one row, and the current page's
 * link (`aria-current="page"`) scrolled into the screen.
 */
export async function expectOneRowOfTabs(menu: Locator): Promise<void> {
  const tops = await menu
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);
  const current = await menu.locator('[aria-current="page"]').boundingBox();
  expect(current!.x).toBeGreaterThanOrEqual(0);
  expect(current!.x + current!.width).toBeLessThanOrEqual(PHONE_WIDTH);
}

/**
 * At a 390 px wide viewport (a current phone): nothing overflows sideways, a full-page screenshot
 * `<name>-390.png`, and the axe check of the phone layout; the viewport is then put back.
 */
export async function expectPhoneLayout(page: Page, name: string): Promise<void> {
  const before = page.viewportSize();
  await page.setViewportSize({ width: PHONE_WIDTH, height: 844 });
  // Let layout and any resize listeners settle.
  await page.evaluate(
    'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))',
  );
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
    PHONE_WIDTH,
  );
  await screenshot(page, `${name}-${PHONE_WIDTH}`);
  await expectAccessible(page);
  if (before) await page.setViewportSize(before);
}

/**
 * Waits until a page the server rendered is hydrated (main.tsx marks it): its buttons look ready
 * before that, but do nothing. A page the browser renders itself is ready as it appears.
 */
export async function waitForHydration(page: Page): Promise<void> {
  if ((await page.locator('#mkt-server-state').count()) === 0) return;
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}

export interface OpenOptions {
  viewport?: { width: number; height: number };
  permissions?: string[];
  /**
   * 'load' by default; 'domcontentloaded' not to wait for every image. A page the server rendered
   * is waited for until it is hydrated either way: its buttons do nothing before.
   */
  waitUntil?: 'load' | 'domcontentloaded' | 'networkidle';
  /** false: a page the server rendered is not waited for until it is hydrated (its scripts held back). */
  hydrate?: boolean;
  contextOptions?: BrowserContextOptions;
  /** Runs before the page loads: `page.clock.install()`, `page.addInitScript(...)`. */
  beforeLoad?: (page: Page) => Promise<void>;
}

export interface BrowserHarness {
  /** Opens `pathname` in a fresh context (closed after the test). */
  open(pathname: string, options?: OpenOptions): Promise<Page>;
  /** Uncaught page errors of the current test. */
  readonly pageErrors: string[];
}

/** Registers the hooks of a browser suite: one Chromium for the file, fresh contexts per test. */
export function useBrowser(): BrowserHarness {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
  }, TEST_TIMEOUT_MS);

  beforeEach(() => {
    pageErrors.length = 0;
  });

  afterEach(async () => {
    // Route handlers still waiting on a request would fail once their context is gone.
    await Promise.all(
      contexts.splice(0).map(async (context) => {
        await Promise.all(context.pages().map((page) => page.unrouteAll({ behavior: 'ignoreErrors' })));
        await context.close();
      }),
    );
  }, TEST_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close();
  }, TEST_TIMEOUT_MS);

  return {
    pageErrors,
    async open(pathname, options = {}) {
      if (!browser) throw new Error('the browser is not running (open() outside a test?)');
      const context = await browser.newContext({
        viewport: options.viewport ?? { width: 1280, height: 900 },
        locale: 'ko-KR',
        ...options.contextOptions,
      });
      contexts.push(context);
      if (options.permissions) await context.grantPermissions(options.permissions, { origin: baseUrl() });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await options.beforeLoad?.(page);
      await page.goto(`${baseUrl()}${pathname}`, { waitUntil: options.waitUntil ?? 'load' });
      if (options.hydrate !== false) await waitForHydration(page);
      return page;
    },
  };
}
