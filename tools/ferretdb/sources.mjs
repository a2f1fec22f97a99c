// FerretDB's sources as the build (scripts/lib/ferretdb.mjs) and the editing tool (dev.mjs) both take
// them: the module copied writable from Go's cache, then the build's changes in tools/ferretdb
// (README.md): patches/ applied in the order of their names, overlay/'s whole Go files added.
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const toolDir = path.dirname(fileURLToPath(import.meta.url));
export const ferretModule = 'github.com/FerretDB/FerretDB';
export const ferretVersion = 'v1.24.2';
export const patchDir = path.join(toolDir, 'patches');
export const overlayDir = path.join(toolDir, 'overlay');

/** Copies FerretDB's module from Go's cache (fetched when missing) to dir, which must not exist. */
export function copyModule(dir, env = process.env) {
  const download = spawnSync(
    'go',
    ['mod', 'download', '-json', `${ferretModule}@${ferretVersion}`],
    { cwd: toolDir, encoding: 'utf8', env },
  );
  if (download.status !== 0)
    throw new Error(`Fetching FerretDB's sources failed:\n${download.stderr || download.stdout}`);
  cpSync(JSON.parse(download.stdout).Dir, dir, { recursive: true });
  // Go's module cache is read-only; the copy is made writable so it can be patched and replaced.
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, { recursive: true })) {
    const file = path.join(dir, entry);
    chmodSync(file, statSync(file).isDirectory() ? 0o755 : 0o644);
  }
}

/** The patches' file names, in the order they apply. */
export const patchNames = () =>
  existsSync(patchDir)
    ? readdirSync(patchDir)
        .filter((file) => file.endsWith('.patch'))
        .sort()
    : [];

/** The overlay's files, relative to overlay/ (as they go into the module). */
export const overlayFiles = () =>
  existsSync(overlayDir)
    ? readdirSync(overlayDir, { recursive: true }).filter((entry) =>
        statSync(path.join(overlayDir, entry)).isFile(),
      )
    : [];
