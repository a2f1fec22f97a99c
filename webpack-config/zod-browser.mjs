// zod as the browser bundles get it: the same library, told before any schema is built not to compile
// its parsers with `new Function`, which the pages' Content-Security-Policy forbids (no 'unsafe-eval',
// scripts/lib/static-server.mjs). Every `import ... from 'zod'` of an app resolves here.
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
