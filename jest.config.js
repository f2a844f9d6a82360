// One Jest run, three kinds of suites. `npm test` (scripts/test-all.mjs) runs them and totals them.
const transform = { '^.+\\.tsx?$': ['@swc/jest'] };
const common = {
  transform,
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/\\.data/', '/\\.infra/'],
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
  ],
};
