// The first module of every app's entry: tells zod, before any schema is built, not to compile its
// parsers with `new Function`, which the pages' Content-Security-Policy forbids (no 'unsafe-eval',
// scripts/lib/static-server.mjs). zod keeps this setting on `globalThis`, so it also holds for the
// remotes' own copies of zod evaluated later on the shell's page. Its own module, not a wrapper that
// re-exports zod: a re-exporting wrapper stopped webpack from tree-shaking zod (about 72 KB gzip of
// locales and JSON-schema code in every bundle instead of about 22 KB; docs/design.md).
import { config } from 'zod/v4/core';

config({ jitless: true });
