// The first module of every app's entry: tells zod, before any schema is built, not to compile its
// parsers with `new Function`, which the pages' Content-Security-Policy forbids (no 'unsafe-eval',
// scripts/lib/static-server.mjs). zod reads its settings from `globalThis.__zod_globalConfig` and keeps
// an object already there, so this sets it without importing zod: the shell's entry then holds no zod
// at all (zod comes with the parsers, after the first render; docs/design.md section 10), and the
// remotes' own copies of zod evaluated later on the shell's page see the same setting. A unit test
// (shell/src/store/zod-jitless.test.ts) checks that zod's `config()` reports it.
const zodConfig = (globalThis.__zod_globalConfig ??= {});
zodConfig.jitless = true;
