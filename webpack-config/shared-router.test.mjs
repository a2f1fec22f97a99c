import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as sharedRouter from './shared-router.mjs';

const root = path.resolve(import.meta.dirname, '..');
const APP_SOURCES = [
  'shell',
  'mfe-configurator',
  'mfe-cart-checkout',
  'mfe-account',
  'mfe-admin',
  'ui',
].map((dir) => path.join(root, dir, 'src'));

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* sourceFiles(file);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) yield file;
  }
}

describe('the router the shell provides', () => {
  it('has every name the apps import from react-router-dom', () => {
    // In the browser `react-router-dom` is this module (webpack-config/index.js): a name the apps
    // import and it lacks would be undefined there, though the types and unit tests see the package.
    const missing = [];
    for (const dir of APP_SOURCES)
      for (const file of sourceFiles(dir)) {
        const source = readFileSync(file, 'utf8');
        for (const match of source.matchAll(/import \{([^}]*)\} from 'react-router-dom'/g))
          for (const name of match[1].split(',').map((n) => n.trim().replace(/^type\s+/, '')))
            if (name && !match[1].includes(`type ${name}`) && !(name in sharedRouter))
              missing.push(`${path.relative(root, file)}: ${name}`);
        expect(source, path.relative(root, file)).not.toMatch(/from 'react-router-dom\//);
      }
    expect(missing).toEqual([]);
  });
});
