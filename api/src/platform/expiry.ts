// Documents that end at a time of their own: an `expiresAt` field declared with `expiringAt()`, which
// is a TTL index on MongoDB (the server deletes them itself) and an ordinary index on the embedded
// FerretDB (which keeps TTL indexes but never deletes by them). The jobs' `expired` sweep deletes what
// is past its time on either engine, so the same model code runs on both (api/README.md, "Data access").
// Readers never trust that a document is gone: a read checks `expiresAt` itself, as a TTL monitor
// runs once a minute on MongoDB too.
import type { Model } from 'mongoose';
import { trusted } from './db';

/** The schema path of `expiresAt`: required, indexed, TTL 0 (deleted once the time is reached). */
export function expiringAt() {
  return { type: Date, required: true, expires: 0 } as const;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ExpiringModel = Model<any>;

const expiring = new Set<ExpiringModel>();

/** Adds a model whose schema has `expiresAt: expiringAt()` to the expiry sweep. */
export function sweepWhenExpired<M extends ExpiringModel>(model: M): M {
  expiring.add(model);
  return model;
}

/** Deletes every document past its `expiresAt` (an indexed range delete); how many went. */
export async function deleteExpired(now: Date): Promise<number> {
  let deleted = 0;
  for (const model of expiring)
    deleted += (await model.deleteMany({ expiresAt: trusted({ $lte: now }) })).deletedCount;
  return deleted;
}
