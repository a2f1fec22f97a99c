import { insertUnlessTaken, trusted } from '../../platform/db';
import {
  ReleaseChannelModel,
  ReleaseModel,
  SkewReportModel,
  releaseAudit,
  type ReleaseAction,
  type ReleaseChannelRecord,
  type ReleaseRecord,
  type SkewReportRecord,
} from './model';

export type NewRelease = Omit<ReleaseRecord, '_id'>;

/** Stores a release once; false when that remote already has this version (releases are immutable). */
export function insertRelease(release: NewRelease): Promise<boolean> {
  return insertUnlessTaken(() => ReleaseModel.create(release));
}

export function findRelease(remote: string, version: string): Promise<ReleaseRecord | null> {
  return ReleaseModel.findOne({ remote, version }).lean<ReleaseRecord>();
}

/** The latest 50, newest first. */
export function listReleases(remote: string): Promise<ReleaseRecord[]> {
  return ReleaseModel.find({ remote })
    .sort({ publishedAt: -1, _id: -1 })
    .limit(50)
    .lean<ReleaseRecord[]>();
}

export function findReleasesByVersion(
  pairs: Array<{ remote: string; version: string }>,
): Promise<ReleaseRecord[]> {
  if (pairs.length === 0) return Promise.resolve([]);
  return ReleaseModel.find({ $or: pairs }).lean<ReleaseRecord[]>();
}

export function findChannel(remote: string): Promise<ReleaseChannelRecord | null> {
  return ReleaseChannelModel.findOne({ remote }).lean<ReleaseChannelRecord>();
}

/** The channels of these remotes (one each at most). */
export function listChannels(remotes: readonly string[]): Promise<ReleaseChannelRecord[]> {
  return ReleaseChannelModel.find({ remote: trusted({ $in: remotes }) }).lean<
    ReleaseChannelRecord[]
  >();
}

/**
 * Moves a remote's channel from the state read at `expectedRev` (0: no channel yet) to the new one.
 * False when someone else changed it first (the caller reads again). The first change is an insert
 * under the unique remote index, later ones a compare-and-set on rev.
 */
export async function writeChannel(
  remote: string,
  expectedRev: number,
  next: { live: string | null; history: string[] },
): Promise<boolean> {
  const updatedAt = new Date();
  if (expectedRev === 0) {
    return insertUnlessTaken(() =>
      ReleaseChannelModel.create({ remote, ...next, rev: 1, updatedAt }),
    );
  }
  const result = await ReleaseChannelModel.updateOne(
    { remote, rev: expectedRev },
    { $set: { ...next, rev: expectedRev + 1, updatedAt } },
  );
  return result.modifiedCount === 1;
}

/** One change to the registry, as its audit entry says it. */
export interface ReleaseAuditEntry {
  remote: string;
  action: ReleaseAction;
  by: string;
  origin: string;
  from: string | null;
  to: string | null;
}

/** Audits a change as of now. */
export async function insertAudit({ remote, by, origin, ...details }: ReleaseAuditEntry) {
  await releaseAudit.record({ subject: remote, by, origin, details });
}

/** The latest 20 entries, newest first. */
export async function listAudit(remote: string): Promise<Array<ReleaseAuditEntry & { at: Date }>> {
  const { items } = await releaseAudit.list(remote, { limit: 20 });
  return items.map(({ subject, by, origin, at, details }) => ({
    remote: subject,
    by,
    origin,
    at,
    ...details,
  }));
}

/**
 * Records a refusal once per remote, version and reason (an upsert under their unique index); later
 * ones only move lastSeenAt and the detail.
 */
export async function recordSkewReport({
  remote,
  version,
  reason,
  detail,
}: Pick<SkewReportRecord, 'remote' | 'version' | 'reason' | 'detail'>): Promise<void> {
  const now = new Date();
  await SkewReportModel.updateOne(
    { remote, version, reason },
    { $set: { lastSeenAt: now }, $setOnInsert: { detail, firstSeenAt: now } },
    { upsert: true },
  );
}

/** The 10 seen last. */
export function listSkewReports(remote: string): Promise<SkewReportRecord[]> {
  return SkewReportModel.find({ remote })
    .sort({ lastSeenAt: -1 })
    .limit(10)
    .lean<SkewReportRecord[]>();
}
