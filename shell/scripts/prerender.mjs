// The build's last step (npm run build): renders the pages that depend on nobody's session (landing,
// contact, 404) and the remote routes' skeleton into HTML files under dist/, with their styles, from the
// app's own components (src/prerender/render.tsx, bundled here for Node). The browser hydrates them
// (docs/architecture.md "A prerendered page").
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { readFile } from 'node:fs/promises';
import { build } from 'esbuild';
import { addComponentIds } from './styled-ids.cjs';
import { MANIFEST_FILE, RENDER_BUNDLE, TEMPLATE_FILE, renderList, shopContact } from './pages.mjs';

const shellDir = path.resolve(import.meta.dirname, '..');
const dist = path.join(shellDir, 'dist');
const bundle = path.join(dist, RENDER_BUNDLE);
/** esbuild's loader for a file the filter below lets in: ts, tsx, js or jsx. */
const loaderOf = (file) => path.extname(file).slice(1);

await build({
  entryPoints: [path.join(shellDir, 'src/prerender/render.tsx')],
  outfile: bundle,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // The libraries' ES module builds, as webpack picks for the browser.
  mainFields: ['module', 'main'],
  jsx: 'automatic',
  // As in the browser build: the store by its federated name, production React and styled-components.
  alias: { 'shell/store': path.join(shellDir, 'src/store/index.ts') },
  define: {
    'process.env.NODE_ENV': '"production"',
    __SHARED_VERSIONS__: '{}',
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
  },
  // The bundled CommonJS libraries (React) require Node's own modules.
  banner: {
    js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
  },
  // Styled components named by file and place, as the browser build names them (webpack.config.js).
  plugins: [
    {
      name: 'styled-ids',
      setup(esbuild) {
        esbuild.onLoad({ filter: /\.[jt]sx?$/ }, async ({ path: file }) => {
          if (file.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
          const source = await readFile(file, 'utf8');
          return { contents: addComponentIds(source, file), loader: loaderOf(file) };
        });
      },
    },
  ],
  logLevel: 'warning',
});

// webpack's page is the template of every page; kept (unserved) for a server that renders again.
const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
writeFileSync(path.join(dist, TEMPLATE_FILE), template);
const contact = shopContact();
const { renderPages } = await import(pathToFileURL(bundle).href);
for (const { file, html } of await renderPages(template, renderList(), contact)) {
  const target = path.join(dist, file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, html);
  // The template's compressed copies would not match the page any more; pages are compressed per request.
  for (const stale of ['.br', '.gz']) rmSync(`${target}${stale}`, { force: true });
}
writeFileSync(
  path.join(dist, MANIFEST_FILE),
  JSON.stringify({ contact, template: TEMPLATE_FILE }, null, 2),
);
console.log(
  `shell: prerendered ${renderList()
    .map((page) => page.file)
    .join(', ')}`,
);
