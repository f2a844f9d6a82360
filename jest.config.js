// One Jest run, four kinds of suites: unit, integration, browser, and distributed (against
// `npm run start:distributed`). `npm test` (scripts/test-all.mjs) runs them and totals them.
const transform = { '^.+\\.tsx?$': ['@swc/jest'] };
const common = {
  transform,
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/\\.data/', '/\\.infra/', '<rootDir>/build/'],
  // build/server (npm run build:server) holds compiled copies of the workspaces.
  modulePathIgnorePatterns: ['<rootDir>/build/'],
};

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs}/**/*.spec.ts'] },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/{apps,libs}/**/*.int-spec.ts'],
      slowTestThreshold: 30,
    },
    {
      ...common,
      displayName: 'browser',
      testMatch: ['<rootDir>/apps/web/e2e/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/libs/testing/src/browser/global-setup.ts',
      globalTeardown: '<rootDir>/libs/testing/src/browser/global-teardown.ts',
    },
    {
      ...common,
      displayName: 'distributed',
      // The web app's distributed tests drive Chromium with the browser tests' harness (e2e/support.ts).
      testMatch: ['<rootDir>/apps/*/test/**/*.dist-spec.ts', '<rootDir>/apps/web/e2e/**/*.dist-spec.ts'],
      globalSetup: '<rootDir>/libs/testing/src/distributed/global-setup.ts',
      // Every suite shares the store; one that kills replicas has it alone (store-turns.ts).
      setupFilesAfterEnv: ['<rootDir>/libs/testing/src/distributed/share-the-store.ts'],
      globalTeardown: '<rootDir>/libs/testing/src/distributed/global-teardown.ts',
    },
  ],
};
