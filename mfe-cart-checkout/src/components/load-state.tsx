import styled, { keyframes } from 'styled-components';
import { theme, Button, Card } from '@shop/ui';

const shimmer = keyframes`to { background-position: -200% 0; }`;

const Skeleton = styled.div`
  display: grid;
  gap: 1rem;
  div {
    height: 1.25rem;
    border-radius: 0.5rem;
    background: linear-gradient(
      90deg,
      ${theme.colors.border},
      ${theme.colors.sunken},
      ${theme.colors.border}
    );
    background-size: 200% 100%;
    animation: ${shimmer} 1.2s infinite linear;
  }
  div:nth-child(2) {
    height: 6rem;
  }
  div:nth-child(3) {
    width: 60%;
  }
  @media (prefers-reduced-motion: reduce) {
    div {
      animation: none;
    }
  }
`;

export function LoadingPanel({ label }: { label: string }) {
  return (
    <Card role="status" aria-label={label}>
      <Skeleton>
        <div />
        <div />
        <div />
      </Skeleton>
    </Card>
  );
}

const ErrorBox = styled(Card)`
  display: grid;
  justify-items: start;
  gap: 0.75rem;
  border-color: ${theme.colors.danger};
  background: ${theme.colors.dangerSoft};
  p {
    margin: 0;
    color: ${theme.colors.danger};
    font-weight: 600;
  }
`;

export function ErrorPanel({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <ErrorBox role="alert">
      <p>{message}</p>
      <Button type="button" $variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </ErrorBox>
  );
}
