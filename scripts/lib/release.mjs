// The pure parts of npm run release (scripts/release.mjs): which folder a remote lives in, its next
// version, and the manifest a release carries (README "Releasing a remote").

export const REMOTE_DIRS = {
  configurator: 'mfe-configurator',
  cart_checkout: 'mfe-cart-checkout',
  account: 'mfe-account',
  admin: 'mfe-admin',
};

/** `configurator`, `cart-checkout`, `cart_checkout` or `mfe-account` -> the remote's folder. */
export function remoteDirOf(name) {
  const key = String(name ?? '')
    .replace(/^mfe-/, '')
    .replace(/-/g, '_');
  const dir = REMOTE_DIRS[key];
  if (!dir) {
    throw new Error(
      `Usage: npm run release -- <remote> [--label <text>] [--no-register]\nRemotes: ${Object.keys(REMOTE_DIRS).join(', ')}`,
    );
  }
  return dir;
}

/**
 * `<package version>-<short commit>`; a build of a dirty tree, or of a commit already released, gets
 * `.b<n>` (the first n free), so a version always names one immutable build.
 */
export function releaseVersion({ packageVersion, commit, dirty, taken }) {
  const base = `${packageVersion}-${commit}`;
  if (!dirty && !taken(base)) return base;
  for (let n = 1; ; n += 1) {
    const candidate = `${base}.b${n}`;
    if (!taken(candidate)) return candidate;
  }
}

/**
 * What the release says about itself: its version, where its mf-manifest.json is, the contracts it
 * was built against and the range of shell contracts it accepts (same major, this minor or newer),
 * and the shared libraries' versions it was built with (read from the federation manifest, whose
 * shared list also names each subpath a build uses, such as `react/jsx-runtime`: a package's version
 * is recorded once, under its name).
 */
export function releaseManifest({
  remote,
  version,
  commit,
  dirty,
  contractsVersion,
  federationManifest,
  publicUrl,
  now = new Date(),
}) {
  const shared = {};
  const isSubpath = (name) => name.split('/').length > (name.startsWith('@') ? 2 : 1);
  for (const entry of federationManifest.shared ?? []) {
    if (entry.name && entry.version && !isSubpath(entry.name) && entry.name !== 'shell/store')
      shared[entry.name] = entry.version;
  }
  const entry = publicUrl
    ? `${publicUrl.replace(/\/+$/, '')}/${version}/mf-manifest.json`
    : `/releases/${version}/mf-manifest.json`;
  return {
    remote,
    version,
    entry,
    contractsVersion,
    contractsRange: `^${contractsVersion}`,
    shared,
    commit: dirty ? `${commit}+dirty` : commit,
    publishedAt: now.toISOString(),
  };
}
