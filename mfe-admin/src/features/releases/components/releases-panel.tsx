import { useState } from 'react';
import styled from 'styled-components';
import {
  Badge,
  Button,
  formatShortDate,
  formatTime,
  QueryState,
  RowButton,
  SectionHeader,
  Table,
  TableHead,
  TableMessage,
  TableRegion,
} from '@shop/ui';
import { useEndPreview, useReleaseChange, useReleases, type AdminReleases } from '../api/releases';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useShopTimeZone } from '../../../lib/shop-time-zone';

const REMOTE_LABELS: Record<string, string> = {
  configurator: 'Configurator',
  cart_checkout: 'Cart and checkout',
  account: 'Account',
  admin: 'Admin',
};

type RemoteLine = AdminReleases['remotes'][number];

/** Where a release's files come from: the remote's own server (a path), or the host its URL names. */
function releaseSource(entry: string): string {
  if (entry.startsWith('/')) return 'its own server';
  try {
    return new URL(entry).host;
  } catch {
    return entry;
  }
}

/** A change every shopper gets, asked before it is made. */
type Asked = { action: 'promote' | 'rollback'; version: string; source: string | null };

function RemoteReleases({ line }: { line: RemoteLine }) {
  const timeZone = useShopTimeZone();
  const change = useReleaseChange();
  const [asked, setAsked] = useState<Asked | null>(null);
  const label = REMOTE_LABELS[line.remote] ?? line.remote;
  const headingId = `releases-${line.remote}`;
  const confirm = () => {
    if (!asked) return;
    const done = { onSettled: () => setAsked(null) };
    const expectedLive = line.live;
    if (asked.action === 'rollback')
      change.mutate({ action: 'rollback', remote: line.remote, expectedLive }, done);
    else
      change.mutate(
        { action: 'promote', remote: line.remote, version: asked.version, expectedLive },
        done,
      );
  };
  return (
    <section aria-labelledby={headingId}>
      <SectionHeader>
        <div>
          <h3 id={headingId}>{label}</h3>
          <p>
            Live:{' '}
            <strong data-testid={`live-${line.remote}`}>
              {line.live ?? 'none (the shop’s default build)'}
            </strong>
            {line.previous && <> · previous: {line.previous}</>}
          </p>
        </div>
        <Button
          type="button"
          $variant="secondary"
          disabled={!line.previous || change.isPending}
          aria-label={`Roll back ${label}`}
          onClick={() =>
            line.previous && setAsked({ action: 'rollback', version: line.previous, source: null })
          }
        >
          Roll back
        </Button>
      </SectionHeader>
      {line.skewReports.map((report) => (
        <p role="note" key={`${report.version}-${report.reason}`} data-testid="skew-report">
          <Badge $tone="red">Refused</Badge> {report.version}: {report.detail} (last{' '}
          {formatShortDate(report.lastSeenAt, timeZone)} {formatTime(report.lastSeenAt, timeZone)})
        </p>
      ))}
      {line.available.length === 0 ? (
        <TableMessage>
          <p>No releases yet: npm run release -- {line.remote.replace('_', '-')}</p>
        </TableMessage>
      ) : (
        <TableRegion label={`${label} releases`} narrow="cards">
          <Table>
            <TableHead columns={['Version', 'Contracts', 'Published', 'From', 'State']} actions />
            <tbody>
              {line.available.map((release) => (
                <tr key={release.version}>
                  <th scope="row" className="nowrap">
                    {release.version}
                  </th>
                  <td className="nowrap">{release.contractsRange}</td>
                  <td className="nowrap">
                    {formatShortDate(release.publishedAt, timeZone)}{' '}
                    {formatTime(release.publishedAt, timeZone)}
                  </td>
                  <td className="nowrap">{releaseSource(release.entry)}</td>
                  <td>
                    {release.version === line.live ? (
                      <Badge $tone="green">Live</Badge>
                    ) : release.version === line.previous ? (
                      <Badge $tone="yellow">Previous</Badge>
                    ) : null}
                  </td>
                  <td className="actions">
                    <RowButton
                      type="button"
                      disabled={release.version === line.live || change.isPending}
                      aria-label={`Promote ${label} ${release.version}`}
                      onClick={() =>
                        setAsked({
                          action: 'promote',
                          version: release.version,
                          source: releaseSource(release.entry),
                        })
                      }
                    >
                      Promote
                    </RowButton>
                    <RowButton
                      type="button"
                      disabled={change.isPending}
                      aria-label={`Preview ${label} ${release.version}`}
                      onClick={() =>
                        change.mutate({
                          action: 'preview',
                          remote: line.remote,
                          version: release.version,
                        })
                      }
                    >
                      Preview
                    </RowButton>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableRegion>
      )}
      <ConfirmDialog
        open={asked !== null}
        onOpenChange={(open) => !open && setAsked(null)}
        title={
          asked?.action === 'rollback'
            ? `Roll ${label} back to ${asked.version}?`
            : `Make ${label} ${asked?.version ?? ''} live?`
        }
        description={
          asked?.action === 'rollback'
            ? `Every shopper gets ${asked.version} again on their next page, within a few seconds.`
            : `Every shopper gets it on their next page, within a few seconds. Its files come from ${asked?.source ?? 'its own server'}.`
        }
        confirmLabel={asked?.action === 'rollback' ? 'Roll back' : 'Promote'}
        pendingLabel={asked?.action === 'rollback' ? 'Rolling back…' : 'Promoting…'}
        pending={change.isPending}
        onConfirm={confirm}
      />
      {line.audit.length > 0 && (
        <details>
          <summary>History</summary>
          <ul>
            {line.audit.map((entry) => (
              <li key={`${entry.at}-${entry.action}`}>
                {formatShortDate(entry.at, timeZone)} {formatTime(entry.at, timeZone)}: {entry.by}{' '}
                {entry.action} {entry.from ?? '–'} → {entry.to ?? '–'}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

const Previewing = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem;
  margin: 0;
`;

/** Which release of each remote is live; promote, roll back or preview one (README "Releasing a remote"). */
export function ReleasesPanel() {
  const releases = useReleases();
  const endPreview = useEndPreview();
  return (
    <section aria-labelledby="releases-heading">
      <SectionHeader>
        <div>
          <h2 id="releases-heading">Releases</h2>
          <p>
            The live release of each part of the shop. Promote and roll back reach shoppers on their
            next page; preview shows a release to this browser only.
          </p>
        </div>
        {releases.data?.previewing && (
          <Previewing role="status">
            This browser previews{' '}
            {REMOTE_LABELS[releases.data.previewing.remote] ?? releases.data.previewing.remote}{' '}
            {releases.data.previewing.version}.{' '}
            <Button
              type="button"
              $variant="secondary"
              $size="sm"
              onClick={() => endPreview.mutate()}
            >
              End preview
            </Button>
          </Previewing>
        )}
      </SectionHeader>
      <QueryState
        query={releases}
        loading="Loading the releases…"
        failed="Could not load the releases"
        isEmpty={(data) => data.remotes.length === 0}
        empty={<p>No remotes.</p>}
      >
        {(data) => data.remotes.map((line) => <RemoteReleases key={line.remote} line={line} />)}
      </QueryState>
    </section>
  );
}
