// The release registry from a terminal, straight on the database (MONGODB_URI), so a team can list,
// promote and roll back even when the admin remote or the API is broken; the release script publishes
// through it too (README "Releasing a remote"). Changes are audited as "cli:<user>" from "cli".
import { readFileSync } from 'node:fs';
import mongoose from 'mongoose';
import os from 'node:os';
import { REMOTE_NAMES, releaseVersionSchema, type RemoteName } from '@shop/contracts';
import { connectDatabase, disconnectDatabase } from '../platform/db';
import { createLogger } from '../platform/logger';
import { isAppError } from '../platform/errors';
import {
  adminReleases,
  promoteRelease,
  publishRelease,
  rollbackRelease,
  type Actor,
} from '../modules/releases/releases';
import { findChannel, findRelease, type NewRelease } from '../modules/releases/repository';

const USAGE = `Usage: npm run releases -- <command>
  list [remote]                 live, previous and available releases
  promote <remote> <version>    make a published release live
  rollback <remote>             back to the release live before
  publish <release.json>        register a published release (npm run release does this)
  adopt <release.json>...       publish each (if new) and make it live: npm start does this for the
                                build each remote runs when the registry has no live one for it
  list --json                   the same as list, as JSON
Remotes: ${REMOTE_NAMES.join(', ')}. Database: MONGODB_URI (default: npm start's embedded one).`;

function remoteArg(value: string | undefined): RemoteName {
  const remote = value?.replace(/-/g, '_');
  if (!remote || !(REMOTE_NAMES as readonly string[]).includes(remote)) {
    throw new Error(`Unknown remote "${value ?? ''}".\n${USAGE}`);
  }
  return remote as RemoteName;
}

/** A release's release.json (written by npm run release, or by npm start for the build it runs). */
function readRelease(file: string): NewRelease {
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  return {
    remote: remoteArg(String(manifest.remote)),
    version: releaseVersionSchema.parse(manifest.version),
    entry: String(manifest.entry),
    contractsVersion: String(manifest.contractsVersion),
    contractsRange: String(manifest.contractsRange),
    shared: manifest.shared as Record<string, string>,
    commit: String(manifest.commit),
    publishedAt: new Date(String(manifest.publishedAt)),
  };
}

async function run(args: string[], actor: Actor): Promise<string> {
  const [command, ...rest] = args;
  switch (command) {
    case 'list': {
      if (rest[0] === '--json') return JSON.stringify(await adminReleases());
      const { remotes } = await adminReleases();
      const shown = rest[0] ? remotes.filter((r) => r.remote === remoteArg(rest[0])) : remotes;
      return shown
        .map((r) =>
          [
            `${r.remote}: live ${r.live ?? '(none: the shell uses its REMOTE_*_URL)'}, previous ${r.previous ?? '-'}`,
            ...r.available.map(
              (a) =>
                `  ${a.version === r.live ? '*' : ' '} ${a.version}  contracts ${a.contractsRange}  ${a.publishedAt}`,
            ),
            ...r.skewReports.map((s) => `  ! refused ${s.version}: ${s.detail}`),
          ].join('\n'),
        )
        .join('\n');
    }
    case 'promote': {
      const remote = remoteArg(rest[0]);
      const version = releaseVersionSchema.safeParse(rest[1]);
      // The schema's own words ("Not a release version (such as 1.0.0-3f9c2a1)"), not its issue list.
      if (!version.success) throw new Error(version.error.issues[0]!.message);
      const result = await promoteRelease(remote, version.data, actor);
      return `${remote}: ${result.live} is live (previous ${result.previous ?? '-'})`;
    }
    case 'rollback': {
      const remote = remoteArg(rest[0]);
      const result = await rollbackRelease(remote, actor);
      return `${remote}: rolled back to ${result.live} (previous ${result.previous ?? '-'})`;
    }
    case 'publish': {
      if (!rest[0]) throw new Error(USAGE);
      const release = readRelease(rest[0]);
      // The registry's indexes (its models are the only ones this process loads), in case the API
      // never started on this database yet: the API builds every index at start (migrations/index.ts).
      await mongoose.syncIndexes();
      await publishRelease(release, actor);
      return `${release.remote}: published ${release.version} (promote it to make it live)`;
    }
    case 'adopt': {
      if (rest.length === 0) throw new Error(USAGE);
      await mongoose.syncIndexes(); // as publish does
      const lines = [];
      for (const file of rest) {
        const release = readRelease(file);
        if (!(await findRelease(release.remote, release.version)))
          await publishRelease(release, actor);
        if ((await findChannel(release.remote))?.live === release.version) {
          lines.push(`${release.remote}: ${release.version} is live already`);
          continue;
        }
        const result = await promoteRelease(remoteArg(release.remote), release.version, actor);
        lines.push(
          `${release.remote}: ${result.live} is live (previous ${result.previous ?? '-'})`,
        );
      }
      return lines.join('\n');
    }
    default:
      throw new Error(USAGE);
  }
}

const uri =
  process.env.MONGODB_URI ??
  `mongodb://127.0.0.1:${process.env.FERRETDB_PORT ?? 27117}/engraved_shop`;
const logger = createLogger('silent');
try {
  await connectDatabase(uri, { timeoutMs: 10_000, logger });
  const output = await run(process.argv.slice(2), {
    by: `cli:${os.userInfo().username}`,
    origin: 'cli',
  });
  console.log(output);
  await disconnectDatabase();
} catch (error) {
  console.error(isAppError(error) || error instanceof Error ? error.message : String(error));
  await disconnectDatabase().catch(() => {});
  process.exitCode = 1;
}
