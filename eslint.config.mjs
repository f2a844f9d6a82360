import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import nx from '@nx/eslint-plugin';

const FRONT_DOORS = "Import another project through its front door: '@mkt/<name>' or '@mkt/<name>/testing'.";
const FRONT_DOOR_PATTERNS = [
  { group: ['@mkt/*/src', '@mkt/*/src/**'], message: FRONT_DOORS },
  { regex: '^(\\.\\./)+(apps|libs)/', message: FRONT_DOORS },
];

/** Shipped code reaches other projects through their front doors, and never reaches test support. */
const SHIPPED_CODE_PATTERNS = [
  ...FRONT_DOOR_PATTERNS,
  {
    group: ['@mkt/testing', '@mkt/testing/*', '@mkt/*/testing'],
    message: 'Test support is for tests only.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'build/**',
      '**/generated/**',
      '.data/**',
      '.infra/**',
      '.nx/**',
      'test-results/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // Each workspace project's package.json tags it; an app reaches only libs, except the
    // composition root (apps/standalone), which assembles the apps into one process.
    files: ['**/*.{ts,tsx}'],
    plugins: { '@nx': nx },
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          depConstraints: [
            { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
            // The server libraries depend one way only: platform (the runtime) -> http -> observability.
            { sourceTag: 'layer:observability', notDependOnLibsWithTags: ['layer:http', 'layer:runtime'] },
            { sourceTag: 'layer:http', notDependOnLibsWithTags: ['layer:runtime'] },
            { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:bff', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:web', onlyDependOnLibsWithTags: ['type:lib'] },
            {
              sourceTag: 'type:composition',
              onlyDependOnLibsWithTags: ['type:lib', 'type:service', 'type:bff'],
            },
          ],
        },
      ],
    },
  },
  {
    // Another project is reached through its front door (`@mkt/<name>`, or the test-facing
    // `@mkt/<name>/testing`), which its package.json `exports` names, never through its files.
    // A relative path from one project into another is enforce-module-boundaries' refusal above;
    // the regex covers scripts/, which belongs to no project.
    files: ['**/*.{ts,tsx,mjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: FRONT_DOOR_PATTERNS,
        },
      ],
    },
  },
  {
    // Shipped code never reaches test support: `@mkt/testing`, `@mkt/testing/browser` and the
    // test-facing doors (`@mkt/<name>/testing`) are for tests only.
    files: ['apps/*/src/**/*.{ts,tsx}', 'libs/*/src/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/*.int-spec.ts', 'libs/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: SHIPPED_CODE_PATTERNS,
        },
      ],
    },
  },
  {
    // A route reads its input through the DTO its handler declares, which SchemaInputPipe validates
    // and the OpenAPI document shows: a controller never parses input by hand.
    files: ['apps/*/src/**/*.controller.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: SHIPPED_CODE_PATTERNS,
          paths: [
            {
              name: '@mkt/http',
              importNames: ['parseInput'],
              message:
                'Declare the input as a DTO of its schema (`@Body() body: X`, X extends createZodDto(schema)).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts'],
    languageOptions: { globals: { ...globals.jest } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Served as they are, to run in the browser (scripts-after-paint.js).
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Nest resolves constructor parameters from their runtime types, which type-only imports erase.
    files: ['apps/*/src/**/*.ts', 'libs/{platform,http,observability}/src/**/*.ts'],
    ignores: ['apps/web/**'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
);
