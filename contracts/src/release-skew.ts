// What the shell checks before mounting a remote's release, without zod: the shell imports this on
// the landing page, where zod is not loaded until after the first render (docs/design.md section 10).

/**
 * The version of these contracts (the store, events and schemas the shell provides to the remotes).
 * Kept equal to contracts/package.json (a unit test checks): a breaking change bumps the major, and a
 * remote built against another major is refused by the shell.
 */
export const CONTRACTS_VERSION = '1.0.0';

export const SKEW_REASONS = ['contracts', 'shared'] as const;
export type SkewReason = (typeof SKEW_REASONS)[number];

// Version ranges: exact (1.2.3), caret (^1.2.3), tilde (~1.2.3) and comparator sets (>=1.2.0 <2.0.0),
// the forms our manifests write. Pre-release tags are ignored for ordering.
type Triple = [number, number, number];

export function parseVersion(version: string): Triple | null {
  const match = /^v?(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(version.trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

function compare(a: Triple, b: Triple): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

function satisfiesOne(version: Triple, comparator: string): boolean {
  const match = /^(\^|~|>=|<=|>|<|=)?(.+)$/.exec(comparator);
  const bound = match ? parseVersion(match[2]!) : null;
  if (!match || !bound) return false;
  const order = compare(version, bound);
  switch (match[1]) {
    case '^':
      if (order < 0) return false;
      if (bound[0] > 0) return version[0] === bound[0];
      if (bound[1] > 0) return version[0] === 0 && version[1] === bound[1];
      return version[0] === 0 && version[1] === 0 && version[2] === bound[2];
    case '~':
      return order >= 0 && version[0] === bound[0] && version[1] === bound[1];
    case '>=':
      return order >= 0;
    case '<=':
      return order <= 0;
    case '>':
      return order > 0;
    case '<':
      return order < 0;
    default:
      return order === 0;
  }
}

/** Whether `version` is in `range` (every comparator of the range holds); unparsable: false. */
export function satisfiesRange(version: string, range: string): boolean {
  const parsed = parseVersion(version);
  const comparators = range.trim().split(/\s+/).filter(Boolean);
  if (!parsed || comparators.length === 0) return false;
  return comparators.every((comparator) => satisfiesOne(parsed, comparator));
}

/**
 * Why the shell must not mount a release, or null when it may: the shell's contracts version outside
 * the release's range, or a shared singleton built with another major than the shell's copy (a
 * minor- or patch-newer build runs on the shell's copy: same major, same API by semver).
 */
export function releaseSkew(
  release: { contractsRange: string; shared: Record<string, string> },
  host: { contractsVersion: string; shared: Record<string, string> },
): { reason: SkewReason; detail: string } | null {
  if (!satisfiesRange(host.contractsVersion, release.contractsRange)) {
    return {
      reason: 'contracts',
      detail: `needs contracts ${release.contractsRange}; this shop provides ${host.contractsVersion}`,
    };
  }
  for (const [pkg, built] of Object.entries(release.shared)) {
    const hosted = host.shared[pkg];
    const builtVersion = parseVersion(built);
    const hostedVersion = hosted ? parseVersion(hosted) : null;
    if (!builtVersion || !hostedVersion) continue;
    if (builtVersion[0] !== hostedVersion[0]) {
      return {
        reason: 'shared',
        detail: `built with ${pkg} ${built}; this shop shares ${pkg} ${hosted}`,
      };
    }
  }
  return null;
}
