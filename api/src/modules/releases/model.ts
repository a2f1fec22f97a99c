import mongoose, { Schema, type Types } from 'mongoose';
import { auditLog } from '../../platform/audit';

/** One published release of a remote: immutable once written (unique remote + version). */
export interface ReleaseRecord {
  _id: Types.ObjectId;
  remote: string;
  version: string;
  entry: string;
  contractsVersion: string;
  contractsRange: string;
  shared: Record<string, string>;
  commit: string;
  publishedAt: Date;
}

const releaseSchema = new Schema<ReleaseRecord>(
  {
    remote: { type: String, required: true },
    version: { type: String, required: true },
    entry: { type: String, required: true },
    contractsVersion: { type: String, required: true },
    contractsRange: { type: String, required: true },
    shared: { type: Schema.Types.Mixed, required: true },
    commit: { type: String, required: true },
    publishedAt: { type: Date, required: true },
  },
  { versionKey: false, minimize: false },
);
releaseSchema.index({ remote: 1, version: 1 }, { unique: true });
// A remote's releases, newest first (the admin's Releases screen).
releaseSchema.index({ remote: 1, publishedAt: -1, _id: -1 });

export const ReleaseModel = mongoose.model<ReleaseRecord>('Release', releaseSchema, 'releases');

/**
 * Which release of a remote is live, and the ones live before it (most recent last), so a rollback
 * knows where to go. `rev` guards against two changes at once (compare-and-set on it).
 */
export interface ReleaseChannelRecord {
  _id: Types.ObjectId;
  remote: string;
  live: string | null;
  history: string[];
  rev: number;
  updatedAt: Date;
}

const releaseChannelSchema = new Schema<ReleaseChannelRecord>(
  {
    remote: { type: String, required: true },
    live: { type: String, default: null },
    history: { type: [String], default: [] },
    rev: { type: Number, required: true },
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false },
);
releaseChannelSchema.index({ remote: 1 }, { unique: true });

export const ReleaseChannelModel = mongoose.model<ReleaseChannelRecord>(
  'ReleaseChannel',
  releaseChannelSchema,
  'release_channels',
);

export const RELEASE_ACTIONS = ['publish', 'promote', 'rollback', 'preview'] as const;
export type ReleaseAction = (typeof RELEASE_ACTIONS)[number];

/**
 * Every change to the registry, in the audit log (platform/audit.ts): the remote as the subject, who
 * (`by`), from where (`origin`: an address or "cli"), and from which version to which.
 */
export const releaseAudit = auditLog<{
  action: ReleaseAction;
  from: string | null;
  to: string | null;
}>('release');

/** A shell refused to mount a release (version skew): one document per remote, version and reason. */
export interface SkewReportRecord {
  _id: Types.ObjectId;
  remote: string;
  version: string;
  reason: string;
  detail: string;
  firstSeenAt: Date;
  lastSeenAt: Date;
}

const skewReportSchema = new Schema<SkewReportRecord>(
  {
    remote: { type: String, required: true },
    version: { type: String, required: true },
    reason: { type: String, required: true },
    detail: { type: String, required: true },
    firstSeenAt: { type: Date, required: true },
    lastSeenAt: { type: Date, required: true },
  },
  { versionKey: false },
);
skewReportSchema.index({ remote: 1, version: 1, reason: 1 }, { unique: true });
skewReportSchema.index({ remote: 1, lastSeenAt: -1 });

export const SkewReportModel = mongoose.model<SkewReportRecord>(
  'ReleaseSkewReport',
  skewReportSchema,
  'release_skew_reports',
);
