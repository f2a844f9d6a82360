#!/usr/bin/env node
// Prisma tooling that works offline.
//   generate        prisma 7 `generate` for every service schema (runs on postinstall)
//   diff <service> <name>
//                   writes apps/<service>/prisma/migrations/<NNNN>_<name>/migration.sql as the diff
//                   between the schema the existing migrations produce and the current schema.
// Prisma's CLIs want native engines from a host that may not answer; generation never runs the
// schema engine, so any existing file satisfies PRISMA_SCHEMA_ENGINE_BINARY. Diffs use prisma 6.19's
// bundled WASM engine (`prisma6`), which needs no database for a schema-to-schema diff.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const servicesWithSchema = () =>
  readdirSync(join(root, 'apps')).filter((app) =>
    existsSync(join(root, 'apps', app, 'prisma', 'schema.prisma')),
  );

const engineStubEnv = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
  PRISMA_QUERY_ENGINE_LIBRARY: process.env.PRISMA_QUERY_ENGINE_LIBRARY ?? process.execPath,
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
  CHECKPOINT_DISABLE: '1',
};

function prismaBin(name) {
  return join(root, 'node_modules', name, 'build', 'index.js');
}

function generate() {
  for (const service of servicesWithSchema()) {
    const schema = join(root, 'apps', service, 'prisma', 'schema.prisma');
    execFileSync(process.execPath, [prismaBin('prisma'), 'generate', '--schema', schema], {
      cwd: join(root, 'apps', service),
      env: engineStubEnv,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    console.log(`prisma client generated for ${service}`);
  }
}

// Prisma 6 insists on a datasource url; Prisma 7 forbids it in the schema. Derive a 6-compatible copy.
function toPrisma6Schema(schemaText) {
  return schemaText.replace(
    /provider\s*=\s*"postgresql"/,
    'provider = "postgresql"\n  url      = env("DATABASE_URL")',
  );
}

// Prisma 6 uses its WASM schema engine only when the config names a driver adapter; an in-memory
// PGlite serves as that adapter, so a diff needs no database server.
const prisma6Config = `import { defineConfig } from 'prisma6/config';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPGlite } from 'pglite-prisma-adapter';
export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: process.env.MKT_DIFF_SCHEMA!,
  adapter: async () => new PrismaPGlite(new PGlite()),
});
`;

// Each migration keeps the schema it was generated from, so the next diff starts from it.
const SNAPSHOT = 'schema.snapshot.prisma';

function diff(service, name) {
  if (!service || !/^[a-z0-9_]+$/.test(name ?? '')) {
    throw new Error('usage: npm run prisma:diff -- <service> <snake_case_name>');
  }
  const prismaDir = join(root, 'apps', service, 'prisma');
  const migrationsDir = join(prismaDir, 'migrations');
  mkdirSync(migrationsDir, { recursive: true });
  const existing = readdirSync(migrationsDir)
    .filter((d) => /^\d{4}_/.test(d))
    .sort();
  const work = join(root, 'node_modules', '.cache', `prisma-diff-${process.pid}`);
  mkdirSync(work, { recursive: true });
  try {
    const schemaText = readFileSync(join(prismaDir, 'schema.prisma'), 'utf8');
    const current = join(work, 'current.prisma');
    writeFileSync(current, toPrisma6Schema(schemaText));
    const from = ['--from-empty'];
    if (existing.length) {
      const previous = join(work, 'previous.prisma');
      writeFileSync(
        previous,
        toPrisma6Schema(readFileSync(join(migrationsDir, existing.at(-1), SNAPSHOT), 'utf8')),
      );
      from.splice(0, 1, '--from-schema-datamodel', previous);
    }
    writeFileSync(join(work, 'prisma.config.ts'), prisma6Config);
    const sql = execFileSync(
      process.execPath,
      [
        prismaBin('prisma6'),
        'migrate',
        'diff',
        '--config',
        join(work, 'prisma.config.ts'),
        ...from,
        '--to-schema-datamodel',
        current,
        '--script',
      ],
      {
        env: { ...engineStubEnv, MKT_DIFF_SCHEMA: current, DATABASE_URL: 'postgresql://unused' },
        encoding: 'utf8',
      },
    );
    const dir = join(migrationsDir, `${String(existing.length + 1).padStart(4, '0')}_${name}`);
    mkdirSync(dir);
    writeFileSync(join(dir, 'migration.sql'), sql);
    writeFileSync(join(dir, SNAPSHOT), schemaText);
    console.log(`wrote ${dir}/migration.sql`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const [command, ...args] = process.argv.slice(2);
if (command === 'generate') generate();
else if (command === 'diff') diff(...args);
else {
  console.error('usage: node scripts/prisma.mjs generate | diff <service> <name>');
  process.exit(2);
}
