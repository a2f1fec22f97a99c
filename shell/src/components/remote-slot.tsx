import { Component, lazy, Suspense, useEffect, useMemo, type ReactNode } from 'react';
import styled from 'styled-components';
import { useLocation } from 'react-router-dom';
import { loadRemoteComponent, remotePageShown, RemoteSkewError } from '../lib/remotes';
import { runtimeConfig, type RemoteName } from '../lib/runtime-config';
import { apiRequest } from '../store/api-client';
import {
  Button,
  ConfiguratorColumn,
  ConfiguratorIntro,
  Page,
  PageIntro,
  theme,
  cardSurface,
  shimmering,
  type PageTop,
} from '@shop/ui';

const Fallback = styled.section`
  max-width: 40rem;
  margin: 3rem auto;
  padding: 2rem 1.5rem;
  ${cardSurface}
  text-align: center;
  h1 {
    margin: 0 0 0.5rem;
    font-size: 1.375rem;
  }
  p {
    margin: 0 0 1.25rem;
    color: ${theme.colors.muted};
  }
`;

/**
 * A remote's page, its skeleton (marked data-skeleton: route focus waits for the page's own heading,
 * app/layout/use-route-focus.ts) and its fallback all take at least the screen's height, so the footer
 * below stays below the fold and nothing on screen moves when the remote arrives (no layout shift).
 */
const ReservedArea = styled.div`
  min-height: 100vh;
  /* Its own block context: the skeleton's margin stays inside instead of moving the area itself. */
  display: flow-root;
`;

/**
 * The shimmering bars of every skeleton, where the remote's content goes: a heading's, a line's and
 * a block's height. Without margins of their own: the skeleton around them places them.
 */
const Bars = styled.div`
  display: grid;
  gap: 1rem;
  & > div {
    height: 1.25rem;
    border-radius: 0.5rem;
    ${shimmering}
  }
  & > div:first-child {
    height: 2.5rem;
    width: 40%;
  }
  & > div:nth-child(3) {
    height: 12rem;
  }
`;

/** The bars, marked as the page's loading status (tests and e2e find them by their test id). */
function SkeletonBars({ className }: { className?: string }) {
  return (
    <Bars role="status" aria-label="Loading" data-testid="page-skeleton" className={className}>
      <div />
      <div />
      <div />
    </Bars>
  );
}

/** The plain skeleton's bars: on their own, in the page's width and margins. */
const PageBars = styled(SkeletonBars)`
  max-width: ${theme.maxWidth};
  margin: 2rem auto;
  padding: 0 1.25rem;
`;

export function PageSkeleton() {
  return (
    <ReservedArea data-skeleton="">
      <PageBars />
    </ReservedArea>
  );
}

/**
 * /products' skeleton: the configurator page's own intro (@shop/ui, the same component the remote
 * draws), over bars where the configurator goes (inside the page's column, which has the margins).
 * The intro is the page's largest text, so the first paint already shows it, and the remote's
 * arrival draws it again in the same place.
 */
export function ConfiguratorSkeleton() {
  return (
    <ReservedArea data-skeleton="">
      <ConfiguratorColumn as="div">
        <ConfiguratorIntro />
        <SkeletonBars />
      </ConfiguratorColumn>
    </ReservedArea>
  );
}

/**
 * /cart's and /checkout's skeleton: the remote page's own column and top (@shop/ui's Page, PageIntro and
 * page tops, which the remote draws), over bars where its content goes; as /products', the first paint
 * holds the page's largest text.
 */
export function PageTopSkeleton({ title, intro }: PageTop) {
  return (
    <ReservedArea data-skeleton="">
      <Page as="div">
        <PageIntro title={title} intro={intro} />
        <SkeletonBars />
      </Page>
    </ReservedArea>
  );
}

/** The release of the remote this browser previews (an admin's preview cookie), if any. */
function previewedRelease(module: string): string | null {
  const remote = module.slice(0, module.indexOf('/')) as RemoteName;
  const release = runtimeConfig().releases?.[remote];
  return release?.preview ? release.version : null;
}

/**
 * Drops this browser's preview cookie (DELETE /api/admin/releases/preview needs no rights) and opens
 * the page again with the live release: the way out of a previewed remote that cannot be shown, the
 * admin's Releases tab among them.
 */
async function endPreview() {
  // Through the API client: a change carries the session header the API asks of every one.
  await apiRequest('/api/admin/releases/preview', { method: 'DELETE' }).catch(() => undefined);
  window.location.reload();
}

/** A remote's route when the remote cannot be shown: why, and that the rest of the shop works. */
function RemoteUnavailable({
  area,
  skew,
  previewed,
}: {
  area: string;
  skew: string | null;
  previewed: string | null;
}) {
  return (
    <Fallback role="alert" data-testid="remote-fallback">
      <h1>The {area} is unavailable right now</h1>
      {skew ? (
        <p data-testid="remote-skew">
          This version of the {area} ({skew}) does not fit this version of the shop, so it was not
          opened. The shop&apos;s team has been told. The rest of the shop still works.
        </p>
      ) : (
        <p>The rest of the shop still works. Please try again in a few minutes.</p>
      )}
      {previewed && (
        <p data-testid="remote-preview">
          This browser previews release {previewed} of the {area}. End the preview to go back to the
          live release.
        </p>
      )}
      {previewed ? (
        <Button type="button" onClick={() => void endPreview()}>
          End preview
        </Button>
      ) : (
        <Button type="button" onClick={() => window.location.reload()}>
          Try again
        </Button>
      )}
    </Fallback>
  );
}

const skewOf = (error: unknown) => (error instanceof RemoteSkewError ? error.version : null);

/** What the federation runtime resolves a remote page to when it is refused or cannot be loaded. */
const unavailableIn = (area: string, module: string) =>
  function RemoteUnavailableHere({ error }: { error: unknown }) {
    return (
      <RemoteUnavailable area={area} skew={skewOf(error)} previewed={previewedRelease(module)} />
    );
  };

interface BoundaryProps {
  area: string;
  module: string;
  children: ReactNode;
}

/** Keeps a remote that throws while it renders inside its own slot; the rest of the shop goes on. */
class RemoteBoundary extends Component<BoundaryProps, { failed: boolean; skew: string | null }> {
  override state = { failed: false, skew: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, skew: skewOf(error) };
  }

  override componentDidCatch(error: unknown) {
    console.warn(`The ${this.props.area} could not be loaded`, error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <RemoteUnavailable
        area={this.props.area}
        skew={this.state.skew}
        previewed={previewedRelease(this.props.module)}
      />
    );
  }
}

/** Rendered beside the remote's page inside its Suspense boundary: its effect runs once the page shows. */
function PageShown() {
  const { pathname } = useLocation();
  useEffect(() => remotePageShown(pathname), [pathname]);
  return null;
}

interface RemoteSlotProps {
  /** Federated module id, such as `configurator/ConfiguratorPage`. */
  module: string;
  /** What shoppers call this part of the shop, for the fallback text. */
  area: string;
  props?: Record<string, unknown>;
  fallback?: ReactNode;
}

export function RemoteSlot({
  module,
  area,
  props = {},
  fallback = <PageSkeleton />,
}: RemoteSlotProps) {
  const RemoteComponent = useMemo(
    () =>
      lazy(() => loadRemoteComponent<Record<string, unknown>>(module, unavailableIn(area, module))),
    [module, area],
  );
  // Prerendered (src/prerender): the route's skeleton, the same box the browser's first render draws,
  // so nothing moves between the server's page, the first render and the remote's arrival.
  if (typeof window === 'undefined') {
    return <ReservedArea>{fallback}</ReservedArea>;
  }
  return (
    <ReservedArea>
      <RemoteBoundary area={area} module={module}>
        <Suspense fallback={fallback}>
          <RemoteComponent {...props} />
          <PageShown />
        </Suspense>
      </RemoteBoundary>
    </ReservedArea>
  );
}
