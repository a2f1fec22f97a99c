// The build each remote runs is a release in the registry (README "Releasing a remote"): at start,
// a remote whose registry has no live release, or whose live release is a build an earlier start made
// live and the remote has been rebuilt since, gets its built dist/ copied into the release store as an
// immutable release and made live. The Releases screen and `npm run releases -- list` then name what
// shoppers get from the first page on, and the first promote keeps it as the release to roll back to.
// A release a team promoted is never replaced here.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { releaseManifest, releaseVersion } from './release.mjs';
import { releaseStoreDir } from './remote-server.mjs';

/** Marks a release npm start made from a remote's dist/ (its release.json, in the store). */
export const STARTED_BUILD = 'npm start';

/** What tells two builds of a remote apart: its manifest and entry, which name every hashed file. */
function buildFingerprint(dir) {
  const read = (file) => {
    const at = path.join(dir, file);
    return existsSync(at) ? readFileSync(at, 'utf8') : null;
  };
  const manifest = read('mf-manifest.json');
  const entry = read('remoteEntry.js');
  return manifest && entry ? `${manifest}\n${entry}` : null;
}

function git(root, ...args) {
  const result = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : '';
}

/**
 * Which remotes need their running build made live, given each remote's live version (null: none):
 * those with none, and those whose live release is an earlier start's build of other files.
 * @param {{ remote: string, dir: string, live: string | null, storeDir: string, distDir: string }[]} remotes
 */
export function buildsToAdopt(remotes) {
  return remotes.filter(({ live, storeDir, distDir }) => {
    const running = buildFingerprint(distDir);
    if (!running) return false;
    if (!live) return true;
    const releaseFile = path.join(storeDir, live, 'release.json');
    if (!existsSync(releaseFile)) return false;
    const release = JSON.parse(readFileSync(releaseFile, 'utf8'));
    if (release.builtBy !== STARTED_BUILD) return false;
    return buildFingerprint(path.join(storeDir, live)) !== running;
  });
}

/** Copies a remote's dist/ into the store as a release (complete or absent); returns its release.json. */
export function storeRunningBuild({ remote, dir, storeDir, distDir, root, contractsVersion, now }) {
  const pkg = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
  const commit = git(root, 'rev-parse', '--short=7', 'HEAD') || 'nogit';
  const dirty = git(root, 'status', '--porcelain', '--untracked-files=no') !== '';
  mkdirSync(storeDir, { recursive: true });
  const version = releaseVersion({
    packageVersion: pkg.version,
    commit,
    dirty,
    taken: (candidate) =>
      existsSync(path.join(storeDir, candidate)) ||
      existsSync(path.join(storeDir, `.claim-${candidate}`)),
  });
  const staging = path.join(storeDir, `.staging-${version}`);
  rmSync(staging, { recursive: true, force: true });
  // With the files' times: the servers send a compressed copy only if it is not older than its file.
  cpSync(distDir, staging, { recursive: true, preserveTimestamps: true });
  const manifest = {
    ...releaseManifest({
      remote,
      version,
      commit,
      dirty,
      contractsVersion,
      federationManifest: JSON.parse(readFileSync(path.join(distDir, 'mf-manifest.json'), 'utf8')),
      now,
    }),
    builtBy: STARTED_BUILD,
  };
  writeFileSync(path.join(staging, 'release.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  renameSync(staging, path.join(storeDir, version));
  return path.join(storeDir, version, 'release.json');
}

/**
 * Makes each remote's running build its live release where needed (see the top of this file), through
 * the registry's CLI on the database at `mongoUri`. Returns what the CLI said, one line per remote made
 * live; a failure is thrown (the caller says it and goes on: the remotes still run from REMOTE_*_URL).
 * @param {{ root: string, remotes: { remote: string, dir: string }[], env: Record<string, string | undefined>, mongoUri: string }} options
 */
export function adoptRunningBuilds({ root, remotes, env, mongoUri }) {
  const cli = path.join(root, 'api/dist/releases-cli.js');
  const runCli = (...args) => {
    const result = spawnSync(process.execPath, [cli, ...args], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, ...env, MONGODB_URI: mongoUri },
    });
    if (result.status !== 0) throw new Error(`releases ${args[0]}: ${result.stderr.trim()}`);
    return result.stdout.trim();
  };
  const { remotes: registry } = JSON.parse(runCli('list', '--json'));
  const liveOf = (remote) => registry.find((r) => r.remote === remote)?.live ?? null;
  const candidates = remotes.map(({ remote, dir }) => ({
    remote,
    dir,
    live: liveOf(remote),
    // The stack's own store (the e2e suite and the measurements keep one of their own).
    storeDir: releaseStoreDir(dir, env.RELEASE_STORE_DIR ?? process.env.RELEASE_STORE_DIR),
    distDir: path.join(root, dir, 'dist'),
  }));
  const adopt = buildsToAdopt(candidates);
  if (adopt.length === 0) return [];
  const { version: contractsVersion } = JSON.parse(
    readFileSync(path.join(root, 'contracts/package.json'), 'utf8'),
  );
  const files = adopt.map((candidate) =>
    storeRunningBuild({ ...candidate, root, contractsVersion, now: new Date() }),
  );
  return runCli('adopt', ...files).split('\n');
}
