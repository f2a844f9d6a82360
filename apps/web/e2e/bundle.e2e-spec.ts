// The browser's resource entries, typed by Node's identical ones (this project's types have no DOM).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PerformanceResourceTiming } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import {
  ENTRY,
  HOME_SCRIPTS_BUDGET_GZIP,
  readWebManifest,
  SCRIPTS_AFTER_PAINT,
  staticClosure,
  WEB_DIST,
  type WebManifest,
} from '@mkt/testing/browser';
import {
  baseUrl,
  expectAccessible,
  expectPhoneLayout,
  nextDialog,
  TEST_TIMEOUT_MS,
  useBrowser,
} from './support';

/**
 * The web bundle split by page (app/router.tsx): the home page runs only its own chunks (per the
 * build's manifest); another page's chunk comes when it is visited, with a loading state meanwhile
 * and a reload offer when it cannot be fetched.
 */

const LOGIN_PAGE = 'src/member/LoginPage.tsx';
const DEMO_MEMBER = { email: 'user@dealmarket.kr', password: 'user1234!' };

/** The store's scripts the page has fetched so far, as dist paths (`assets/x.js`), with the bytes received (as sent, compressed). */
async function scriptsFetched(page: Page): Promise<{ file: string; bytes: number }[]> {
  const entries = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
      url: entry.name,
      bytes: entry.encodedBodySize,
    })),
  );
  return entries
    .filter(({ url }) => new URL(url).origin === baseUrl())
    .map(({ url, bytes }) => ({ file: new URL(url).pathname.slice(1), bytes }))
    .filter(({ file }) => file.endsWith('.js'));
}

/** The chunks under /assets/ the page has fetched so far. */
async function scriptsLoaded(page: Page): Promise<string[]> {
  return (await scriptsFetched(page))
    .map(({ file }) => file)
    .filter((file) => file.startsWith('assets/'))
    .sort();
}

/** React DOM names itself to developer tools in its production build: `rendererPackageName: "react-dom"`. */
const REACT_DOM_SIGNATURE = /rendererPackageName:\s*["'`]react-dom["'`]/;
/** Preact's build never says its name; its mangled internals do: a vnode's children `__k`, a component's hooks `__H`. */
const PREACT_SIGNATURE = /\.__[kH]\b/;

/** Resolves when `release` is called: holds a response back until the test has looked. */
function gate(): { opened: Promise<void>; release: () => void } {
  let release = () => {};
  const opened = new Promise<void>((resolve) => (release = resolve));
  return { opened, release };
}

describe('web bundle (browser)', () => {
  const browser = useBrowser();
  let manifest: WebManifest;
  let homeScripts: string[];
  let loginChunk: string;

  beforeAll(() => {
    manifest = readWebManifest();
    homeScripts = staticClosure(manifest, ENTRY).scripts.sort();
    const login = manifest[LOGIN_PAGE];
    if (!login) throw new Error(`${LOGIN_PAGE} is not a chunk of its own: is it loaded on demand?`);
    loginChunk = login.file;
  });

  it('the home page runs React DOM, not Preact (issue 24)', () => {
    const homeCode = homeScripts.map((file) => readFileSync(join(WEB_DIST, file), 'utf8')).join('\n');
    expect(homeCode).toMatch(REACT_DOM_SIGNATURE);
    expect(homeCode).not.toMatch(PREACT_SIGNATURE);
  });

  it(
    'the home page loads exactly its own chunks; the login page chunk comes with the first visit and the page works',
    async () => {
      const page = await browser.open('/', { waitUntil: 'networkidle' });
      await page.getByTestId('hero-slider').waitFor();
      expect(await scriptsLoaded(page)).toEqual(homeScripts);
      expect(homeScripts).not.toContain(loginChunk);
      // The budget counts every script the home receives: its chunks and the one that starts them.
      const fetched = await scriptsFetched(page);
      expect(fetched.map(({ file }) => file).sort()).toEqual([...homeScripts, SCRIPTS_AFTER_PAINT].sort());
      const received = fetched.map(({ bytes }) => bytes);
      expect(received.every((bytes) => bytes > 0)).toBe(true);
      expect(received.reduce((sum, bytes) => sum + bytes, 0)).toBeLessThanOrEqual(HOME_SCRIPTS_BUDGET_GZIP);
      await expectAccessible(page);

      await page.getByRole('link', { name: '로그인', exact: true }).click();
      await page.getByRole('textbox', { name: '이메일' }).fill(DEMO_MEMBER.email);
      expect(await scriptsLoaded(page)).toContain(loginChunk);
      await expectAccessible(page);

      await page.getByLabel('비밀번호').fill(DEMO_MEMBER.password);
      const welcome = nextDialog(page);
      await page.getByRole('button', { name: '로그인', exact: true }).click();
      expect(await welcome).toBe('로그인되었습니다.');
      await page.getByRole('button', { name: '로그아웃' }).waitFor();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'a page opened directly shows the layout and a loading status until its chunk arrives',
    async () => {
      const page = await browser.open('/', { waitUntil: 'networkidle' });
      const held = gate();
      await page.route(`**/${loginChunk}`, async (route) => {
        await held.opened;
        await route.continue();
      });
      await page.goto(`${baseUrl()}/member/login`, { waitUntil: 'domcontentloaded' });

      const loading = page.getByRole('status').filter({ hasText: '페이지를 불러오는 중입니다' });
      await loading.waitFor();
      await page.getByRole('link', { name: '딜마켓 홈' }).waitFor();
      await expectAccessible(page);
      await expectPhoneLayout(page, 'bundle-page-loading');

      held.release();
      await page.getByRole('textbox', { name: '이메일' }).waitFor();
      expect(await page.getByTestId('page-loading').count()).toBe(0);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'a chunk that cannot be fetched (a redeploy removed it) offers a reload, which brings the page',
    async () => {
      const page = await browser.open('/', { waitUntil: 'networkidle' });
      await page.route(`**/${loginChunk}`, (route) => route.fulfill({ status: 404, body: 'Not Found' }));

      await page.getByRole('link', { name: '로그인', exact: true }).click();
      const alert = page.getByTestId('route-error');
      await alert.getByRole('heading', { name: '페이지를 불러오지 못했습니다' }).waitFor();
      expect(page.url()).toMatch(/\/member\/login$/);
      await expectAccessible(page);
      await expectPhoneLayout(page, 'bundle-chunk-error');

      await page.unroute(`**/${loginChunk}`);
      await alert.getByRole('button', { name: '새로고침' }).click();
      await page.getByRole('textbox', { name: '이메일' }).waitFor();
    },
    TEST_TIMEOUT_MS,
  );
});
