// The release registry (README "Releasing a remote"): which published release of each remote is live,
// changed by promote and rollback with an audit entry each, and the preview token that shows one
// admin's browser a candidate release.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { CONTRACTS_VERSION, releaseSkew } from '@shop/contracts/release-skew';
import {
  REMOTE_NAMES,
  isReleaseEntry,
  releaseMessages,
  type AdminReleases,
  type LiveReleases,
  type ReleaseSummary,
  type RemoteName,
  type SkewReport,
} from '@shop/contracts';
import { AppError } from '../../platform/errors';
import type { ReleaseRecord } from './model';
import {
  findChannel,
  findRelease,
  findReleasesByVersion,
  insertAudit,
  insertRelease,
  listAudit,
  listChannels,
  listReleases,
  listSkewReports,
  recordSkewReport,
  writeChannel,
  type NewRelease,
} from './repository';

/** Who made a change and from where: an admin's email and address, or the CLI's user and "cli". */
export interface Actor {
  by: string;
  origin: string;
}

function toSummary(release: ReleaseRecord): ReleaseSummary {
  return {
    version: release.version,
    entry: release.entry,
    contractsVersion: release.contractsVersion,
    contractsRange: release.contractsRange,
    shared: release.shared,
    commit: release.commit,
    publishedAt: release.publishedAt.toISOString(),
  };
}

async function assertPublished(remote: string, version: string): Promise<ReleaseRecord> {
  const release = await findRelease(remote, version);
  if (!release) throw AppError.notFound(releaseMessages.unknownVersion);
  return release;
}

/**
 * Why the shop's shell would refuse the release, as far as the API can tell: the contracts it was
 * built for (this API and the shell are built from one contracts version). The shared libraries'
 * versions are the shell's to check, in the browser.
 */
function contractsSkew(release: ReleaseRecord) {
  return releaseSkew(
    { ...release, shared: {} },
    { contractsVersion: CONTRACTS_VERSION, shared: {} },
  );
}

/** Makes a release known to the registry (not live: promote does that). Publishing twice is refused. */
export async function publishRelease(release: NewRelease, actor: Actor): Promise<void> {
  // Every page's shell builds the remote's address from it (scripts/lib/live-remotes.mjs).
  if (!isReleaseEntry(release.entry)) {
    throw AppError.invalidField('entry', releaseMessages.entryInvalid);
  }
  if (!(await insertRelease(release))) {
    throw AppError.conflict(`${release.remote} ${release.version} is already published`);
  }
  await insertAudit({
    remote: release.remote,
    action: 'publish',
    ...actor,
    from: null,
    to: release.version,
  });
}

/** Reads the channel, computes the change and writes it unless someone changed it meanwhile. */
async function changeChannel(
  remote: RemoteName,
  action: 'promote' | 'rollback',
  decide: (channel: { live: string | null; history: string[] }) => Promise<{
    live: string;
    history: string[];
  }>,
  actor: Actor,
): Promise<{ live: string; previous: string | null }> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const channel = await findChannel(remote);
    const current = { live: channel?.live ?? null, history: channel?.history ?? [] };
    const next = await decide(current);
    if (await writeChannel(remote, channel?.rev ?? 0, next)) {
      await insertAudit({ remote, action, ...actor, from: current.live, to: next.live });
      return { live: next.live, previous: next.history.at(-1) ?? null };
    }
  }
  throw AppError.conflict('The release changed meanwhile; please try again');
}

/** The earlier live releases kept for rollbacks. */
const HISTORY_KEPT = 20;

/** A change asked of the release the screen showed live, refused when another was made since. */
function assertLive(live: string | null, expectedLive: string | null | undefined) {
  if (expectedLive !== undefined && live !== expectedLive) {
    throw AppError.conflict(releaseMessages.liveChanged);
  }
}

export function promoteRelease(
  remote: RemoteName,
  version: string,
  actor: Actor,
  expectedLive?: string | null,
) {
  return changeChannel(
    remote,
    'promote',
    async ({ live, history }) => {
      assertLive(live, expectedLive);
      const skew = contractsSkew(await assertPublished(remote, version));
      // Every shopper's shell would refuse it: the remote would be gone from the shop.
      if (skew) throw AppError.conflict(`The shop cannot run this release: it ${skew.detail}`);
      if (live === version) throw AppError.conflict(releaseMessages.alreadyLive);
      return { live: version, history: [...history, ...(live ? [live] : [])].slice(-HISTORY_KEPT) };
    },
    actor,
  );
}

/** Back to the release that was live before the current one. */
export function rollbackRelease(remote: RemoteName, actor: Actor, expectedLive?: string | null) {
  return changeChannel(
    remote,
    'rollback',
    async ({ live, history }) => {
      assertLive(live, expectedLive);
      const previous = history.at(-1);
      if (!previous) throw AppError.conflict(releaseMessages.noPrevious);
      // As a promote's: a release built for contracts this shop no longer speaks is refused.
      const skew = contractsSkew(await assertPublished(remote, previous));
      if (skew) throw AppError.conflict(`The shop cannot run ${previous}: it ${skew.detail}`);
      return { live: previous, history: history.slice(0, -1) };
    },
    actor,
  );
}

/** Every remote's releases, and the one the caller's browser previews (its verified cookie). */
export async function adminReleases(preview: PreviewClaim | null = null): Promise<AdminReleases> {
  const channels = new Map(
    (await listChannels(REMOTE_NAMES)).map((channel) => [channel.remote, channel]),
  );
  const remotes = await Promise.all(
    REMOTE_NAMES.map(async (remote) => {
      const channel = channels.get(remote);
      const [available, audit, skewReports] = await Promise.all([
        listReleases(remote),
        listAudit(remote),
        listSkewReports(remote),
      ]);
      return {
        remote,
        live: channel?.live ?? null,
        previous: channel?.history.at(-1) ?? null,
        available: available.map(toSummary),
        audit: audit.map((entry) => ({
          action: entry.action,
          by: entry.by,
          at: entry.at.toISOString(),
          from: entry.from,
          to: entry.to,
        })),
        skewReports: skewReports.map((report) => ({
          version: report.version,
          reason: report.reason as 'contracts' | 'shared',
          detail: report.detail,
          firstSeenAt: report.firstSeenAt.toISOString(),
          lastSeenAt: report.lastSeenAt.toISOString(),
        })),
      };
    }),
  );
  return {
    remotes,
    previewing: preview ? { remote: preview.remote, version: preview.version } : null,
  };
}

// Preview tokens: base64url(JSON {remote, version, exp}) + "." + HMAC-SHA256 of it, keyed from the
// session secret, so only the API mints them and a changed or expired one is ignored.
export const PREVIEW_LIFETIME_SECONDS = 60 * 60;

interface PreviewClaim {
  remote: RemoteName;
  version: string;
  exp: number;
}

function macOf(payload: string, secret: string): Buffer {
  const key = createHmac('sha256', secret).update('release-preview').digest();
  return createHmac('sha256', key).update(payload).digest();
}

export function signPreviewToken(claim: PreviewClaim, secret: string): string {
  const payload = Buffer.from(JSON.stringify(claim)).toString('base64url');
  return `${payload}.${macOf(payload, secret).toString('base64url')}`;
}

export function verifyPreviewToken(token: string | undefined, secret: string): PreviewClaim | null {
  if (!token || token.length > 1000) return null;
  const [payload, mac, extra] = token.split('.');
  if (!payload || !mac || extra !== undefined) return null;
  const expected = macOf(payload, secret);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claim = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as PreviewClaim;
    if (!REMOTE_NAMES.includes(claim.remote) || typeof claim.version !== 'string') return null;
    return typeof claim.exp === 'number' && claim.exp * 1000 > Date.now() ? claim : null;
  } catch {
    return null;
  }
}

export async function startPreview(
  remote: RemoteName,
  version: string,
  actor: Actor,
  secret: string,
): Promise<string> {
  await assertPublished(remote, version);
  await insertAudit({ remote, action: 'preview', ...actor, from: null, to: version });
  const exp = Math.floor(Date.now() / 1000) + PREVIEW_LIFETIME_SECONDS;
  return signPreviewToken({ remote, version, exp }, secret);
}

/** The live release of each remote that has one; a valid preview token replaces its remote's. */
export async function liveReleases(preview: PreviewClaim | null): Promise<LiveReleases> {
  const channels = (await listChannels(REMOTE_NAMES)).filter((channel) => channel.live);
  const wanted = channels.map((channel) => ({ remote: channel.remote, version: channel.live! }));
  if (preview) wanted.push({ remote: preview.remote, version: preview.version });
  const found = await findReleasesByVersion(wanted);
  const remotes: LiveReleases['remotes'] = {};
  for (const channel of channels) {
    const release = found.find((r) => r.remote === channel.remote && r.version === channel.live);
    if (release) remotes[channel.remote] = { ...toSummary(release), preview: false };
  }
  if (preview) {
    const release = found.find((r) => r.remote === preview.remote && r.version === preview.version);
    if (release) remotes[preview.remote] = { ...toSummary(release), preview: true };
  }
  return { remotes };
}

/**
 * A shell refused a release: kept (once per remote, version and reason, as first told) for the
 * Releases screen. Anyone may report, so a refusal for the contracts is kept only when the release's
 * range truly leaves out this shop's, in the API's own words; one for a shared library only when it
 * names a library the release was built with, at that version.
 */
export async function reportSkew(report: SkewReport): Promise<void> {
  const release = await assertPublished(report.remote, report.version);
  if (report.reason === 'contracts') {
    const skew = contractsSkew(release);
    if (skew) await recordSkewReport({ ...report, detail: skew.detail });
    return;
  }
  const named = /^built with (\S+) (\S+); /.exec(report.detail);
  if (named && release.shared[named[1]!] === named[2]) await recordSkewReport(report);
}
