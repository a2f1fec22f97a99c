// Remote releases: the contract version every app is built against, the version ranges a release
// declares, and the calls of the release registry (README "Releasing a remote").
import { z } from 'zod';
import { SKEW_REASONS } from './release-skew';

export * from './release-skew';

export const REMOTE_NAMES = ['configurator', 'cart_checkout', 'account', 'admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** `1.0.0-3f9c2a1` (package version, short commit), with `.b<n>` when built twice or from a dirty tree. */
export const RELEASE_VERSION = /^\d+\.\d+\.\d+-[0-9a-z]+(?:\.[0-9a-z]+)*$/;

export const releaseMessages = {
  unknownRemote: 'Unknown remote',
  versionRequired: 'Please give the version to promote',
  versionInvalid: 'Not a release version (such as 1.0.0-3f9c2a1)',
  unknownVersion: 'No such release of this remote',
  alreadyLive: 'This release is already live',
  noPrevious: 'There is no previous release to roll back to',
  liveChanged:
    'The live release changed meanwhile (another admin, or the command line): look at it again before changing it',
  entryInvalid:
    "A release's entry is a path on the remote's origin (/releases/...) or an http(s) URL of its mf-manifest.json",
} as const;

/** Where a release's mf-manifest.json is: a path on the remote's own origin, or an http(s) URL. */
export function isReleaseEntry(entry: string): boolean {
  if (entry.length > 500) return false;
  if (entry.startsWith('/')) return !entry.startsWith('//');
  try {
    const url = new URL(entry);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A release's version, `missing` said when there is none. */
const releaseVersion = (missing: string) =>
  z
    .string({ error: missing })
    .min(1, missing)
    .max(80, releaseMessages.versionInvalid)
    .regex(RELEASE_VERSION, releaseMessages.versionInvalid);

export const releaseVersionSchema = releaseVersion(releaseMessages.versionRequired);

export const remoteParamsSchema = z.object({
  remote: z.enum(REMOTE_NAMES, { error: releaseMessages.unknownRemote }),
});

/**
 * The release live as the admin's screen showed it (null: none): a promote or rollback is refused
 * when it is no longer so, so it never undoes another admin's change unseen. Left out, not checked.
 */
const expectedLive = z.union([releaseVersion(releaseMessages.versionInvalid), z.null()]).optional();

/** POST /api/admin/releases/{remote}/preview */
export const previewReleaseSchema = z.object({ version: releaseVersionSchema }).strict();

/** POST /api/admin/releases/{remote}/promote */
export const promoteReleaseSchema = z
  .object({ version: releaseVersionSchema, expectedLive })
  .strict();
export type PromoteReleaseInput = z.input<typeof promoteReleaseSchema>;

/** POST /api/admin/releases/{remote}/rollback */
export const rollbackReleaseSchema = z.object({ expectedLive }).strict();

/** POST /api/releases/skew-reports: the shell refused to mount a release. */
export const skewReportSchema = z
  .object({
    remote: z.enum(REMOTE_NAMES, { error: releaseMessages.unknownRemote }),
    version: releaseVersion('Please give the version of the release refused'),
    reason: z.enum(SKEW_REASONS),
    detail: z.string().min(1).max(300),
  })
  .strict();
export type SkewReport = z.infer<typeof skewReportSchema>;

/** What a release was built with: its manifest (release.json next to mf-manifest.json). */
export const releaseSummarySchema = z.object({
  version: z.string(),
  /** The mf-manifest.json URL, or a path on the remote's own origin. */
  entry: z.string(),
  contractsVersion: z.string(),
  /** The contract versions the release accepts from the shell, such as ^1.0.0. */
  contractsRange: z.string(),
  /** Shared singletons' versions it was built with: package -> version. */
  shared: z.record(z.string(), z.string()),
  commit: z.string(),
  publishedAt: z.string(),
});
export type ReleaseSummary = z.infer<typeof releaseSummarySchema>;

export const releaseAuditEntrySchema = z.object({
  action: z.enum(['publish', 'promote', 'rollback', 'preview']),
  by: z.string(),
  at: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type ReleaseAuditEntry = z.infer<typeof releaseAuditEntrySchema>;

export const skewReportEntrySchema = z.object({
  version: z.string(),
  reason: z.enum(SKEW_REASONS),
  detail: z.string(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
});

/** One remote's line of GET /api/admin/releases. */
export const remoteReleasesSchema = z.object({
  remote: z.enum(REMOTE_NAMES),
  live: z.string().nullable(),
  previous: z.string().nullable(),
  available: z.array(releaseSummarySchema),
  audit: z.array(releaseAuditEntrySchema),
  skewReports: z.array(skewReportEntrySchema),
});
export type RemoteReleases = z.infer<typeof remoteReleasesSchema>;

/** GET /api/admin/releases; `previewing`: the release this browser previews (its cookie), if any. */
export const adminReleasesSchema = z.object({
  remotes: z.array(remoteReleasesSchema),
  // Optional: an API from before it answers without (the admin remote is deployed on its own).
  previewing: z.object({ remote: z.enum(REMOTE_NAMES), version: z.string() }).nullish(),
});
export type AdminReleases = z.infer<typeof adminReleasesSchema>;

/** POST /api/admin/releases/{remote}/promote and /rollback */
export const releaseChangeSchema = z.object({
  remote: z.enum(REMOTE_NAMES),
  live: z.string(),
  previous: z.string().nullable(),
});

/** POST /api/admin/releases/{remote}/preview (the token goes in an HttpOnly cookie) */
export const releasePreviewSchema = z.object({
  remote: z.enum(REMOTE_NAMES),
  version: z.string(),
  expiresInSeconds: z.number(),
});

/** GET /api/releases/live: what the shell's server puts in the page (a preview cookie overrides one). */
export const liveReleasesSchema = z.object({
  remotes: z.record(z.string(), releaseSummarySchema.extend({ preview: z.boolean() }).optional()),
});
export type LiveReleases = z.infer<typeof liveReleasesSchema>;

/** The cookie that carries an admin's preview token (set by the API, read by the API). */
export const RELEASE_PREVIEW_COOKIE = 'shop_release_preview';
