// npm run release -- <remote> [--label <text>] [--no-register]
// Builds one remote into the release store as an immutable release and registers it with the release
// registry (not live yet: promote it). README "Releasing a remote".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib/install.mjs';
import { releaseStoreDir } from './lib/remote-server.mjs';
import { remoteDirOf, releaseManifest, releaseVersion } from './lib/release.mjs';

function git(...args) {
  const result = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : '';
}

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : undefined;
};
const label = option('--label');
const register = !args.includes('--no-register');
const remoteArg = args.find((arg) => !arg.startsWith('--'));

try {
  const remoteDir = remoteDirOf(remoteArg);
  const appDir = path.join(root, remoteDir);
  const pkg = JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8'));
  const contracts = JSON.parse(readFileSync(path.join(root, 'contracts/package.json'), 'utf8'));
  const store = releaseStoreDir(remoteDir);
  const commit = git('rev-parse', '--short=7', 'HEAD') || 'nogit';
  const dirty = git('status', '--porcelain', '--untracked-files=no') !== '';
  mkdirSync(store, { recursive: true });
  // A version is claimed with a file created only if absent, so two releases at once never share one.
  const claim = (candidate) => path.join(store, `.claim-${candidate}`);
  let version;
  for (;;) {
    version = releaseVersion({
      packageVersion: pkg.version,
      commit,
      dirty,
      taken: (candidate) => existsSync(path.join(store, candidate)) || existsSync(claim(candidate)),
    });
    try {
      writeFileSync(claim(version), '', { flag: 'wx' });
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
  }

  // Built beside the store and moved in whole: a release folder is complete or absent.
  const staging = path.join(store, `.staging-${version}`);
  rmSync(staging, { recursive: true, force: true });
  console.log(`Building ${remoteDir} ${version}...`);
  const started = Date.now();
  const build = spawnSync('npx', ['webpack', '--mode', 'production'], {
    cwd: appDir,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      BUILD_OUTPUT_DIR: staging,
      ...(label !== undefined ? { SHOP_BUILD_LABEL: label } : {}),
    },
  });
  if (build.status !== 0) throw new Error(`The build of ${remoteDir} failed (see above).`);

  const manifest = releaseManifest({
    remote: pkg.name.replace('@shop/mfe-', '').replace(/-/g, '_'),
    version,
    commit,
    dirty,
    // RELEASE_CONTRACTS_VERSION: only to try a release built against another contracts version.
    contractsVersion: process.env.RELEASE_CONTRACTS_VERSION ?? contracts.version,
    federationManifest: JSON.parse(readFileSync(path.join(staging, 'mf-manifest.json'), 'utf8')),
    publicUrl: process.env.RELEASE_PUBLIC_URL,
  });
  writeFileSync(path.join(staging, 'release.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  renameSync(staging, path.join(store, version));
  rmSync(claim(version), { force: true });
  const where = path.relative(root, path.join(store, version));
  console.log(
    `Released ${remoteDir} ${version} in ${where} (${((Date.now() - started) / 1000).toFixed(1)}s)`,
  );

  if (register) {
    const cli = path.join(root, 'api/dist/releases-cli.js');
    if (!existsSync(cli))
      throw new Error('api/dist/releases-cli.js is missing: run npm run build -w api');
    const registered = spawnSync(
      process.execPath,
      [cli, 'publish', path.join(where, 'release.json')],
      {
        cwd: root,
        stdio: 'inherit',
      },
    );
    if (registered.status !== 0) {
      throw new Error(
        `The release is in ${where} but is not registered; when the database is reachable run:\n  npm run releases -- publish ${where}/release.json`,
      );
    }
  }
  console.log(`Next: npm run releases -- promote ${manifest.remote} ${version}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
