// `@mkt/testing/browser`: Chromium and the built web app, for browser tests and the few others
// that open a page (kept out of `@mkt/testing` so other suites do not load playwright-core).
export * from './chromium';
export * from './web-build';
