import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import provideFederationRuntime, { PROVIDED_RUNTIME } from './provide-federation-runtime.mjs';

const require = createRequire(import.meta.url);

/** The names a file imports from @module-federation/runtime-core. */
function importedNames(file) {
  const source = readFileSync(file, 'utf8');
  const names = [];
  for (const match of source.matchAll(
    /import \{([^}]*)\} from "@module-federation\/runtime-core"/g,
  ))
    names.push(
      ...match[1]
        .split(',')
        .map((name) => name.trim().split(/\s+as\s+/)[0])
        .filter(Boolean),
    );
  return names;
}

describe('the federation runtime the shell provides to the remotes', () => {
  it("has every name a remote's bundler runtime reads from it", () => {
    // A remote built with externalRuntime bundles @module-federation/runtime, whose modules import
    // these names from runtime-core (read from the page's _FEDERATION_RUNTIME_CORE). Its `core` entry
    // re-exports all of runtime-core for direct users; the bundler runtime does not import it.
    const dist = path.dirname(require.resolve('@module-federation/runtime'));
    const files = readdirSync(dist).filter((f) => f.endsWith('.js') && f !== 'core.js');
    const needed = new Set(files.flatMap((file) => importedNames(path.join(dist, file))));
    expect(needed.size).toBeGreaterThan(0);
    const missing = [...needed].filter((name) => !(name in PROVIDED_RUNTIME));
    expect(missing).toEqual([]);
  });

  it('puts the runtime on the page once, leaving one already there', async () => {
    const { Global } = await import('@module-federation/runtime-tools/runtime-core');
    delete Global._FEDERATION_RUNTIME_CORE;
    const plugin = provideFederationRuntime();
    const args = { options: { name: 'shell' } };
    expect(plugin.beforeInit(args)).toBe(args);
    expect(Global._FEDERATION_RUNTIME_CORE).toBe(PROVIDED_RUNTIME);
    const earlier = { provided: 'earlier' };
    Global._FEDERATION_RUNTIME_CORE = earlier;
    plugin.beforeInit(args);
    expect(Global._FEDERATION_RUNTIME_CORE).toBe(earlier);
    delete Global._FEDERATION_RUNTIME_CORE;
  });
});
