/**
 * The content security policy allows no eval. Zod probes for it (`new Function`) when it builds its
 * first object schema, and the browser reports the refused probe as a policy violation (a
 * Lighthouse best-practices issue); told not to compile its parsers (`jitless`), it never probes.
 * This is `z.config({ jitless: true })` without zod in the home's scripts: zod keeps its settings
 * on `globalThis.__zod_globalConfig` (shared by every copy of zod loaded) and takes them from there.
 * Imported by main.tsx before any page's chunk, where the schemas are built.
 */
const zodSettings = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodSettings.__zod_globalConfig = Object.assign(zodSettings.__zod_globalConfig ?? {}, { jitless: true });

export {};
