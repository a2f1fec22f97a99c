import styled from 'styled-components';
import { theme, cardSurface } from '@shop/ui';
import type { ProbeResult } from '../api/probe';

export const Card = styled.section`
  margin-bottom: 1.25rem;
  padding: 1.25rem;
  ${cardSurface}
  h2 {
    margin: 0 0 0.75rem;
    font-size: 1.05rem;
    color: ${theme.colors.brand};
  }
  pre {
    margin: 0;
    padding: 0.875rem 1rem;
    overflow-x: auto;
    border-radius: ${theme.radiusSmall};
    background: ${theme.colors.brand};
    color: #e2e8f0;
    font-size: 0.825rem;
    line-height: 1.5;
  }
  .meta {
    margin: 0 0 0.5rem;
    color: ${theme.colors.muted};
    font-size: 0.875rem;
  }
`;

export function ProbeCard({ title, result }: { title: string; result: ProbeResult | undefined }) {
  return (
    <Card aria-label={title}>
      <h2>{title}</h2>
      {result ? (
        <>
          <p className="meta">
            GET {result.path} · HTTP {result.status ?? 'no answer'} · {result.at}
          </p>
          <pre>{JSON.stringify(result.body, null, 2)}</pre>
        </>
      ) : (
        <p className="meta" role="status">
          Asking the server…
        </p>
      )}
    </Card>
  );
}
