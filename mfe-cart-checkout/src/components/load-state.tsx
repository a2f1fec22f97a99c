import styled from 'styled-components';
import { theme, Button, Card, shimmering } from '@shop/ui';

const Skeleton = styled.div`
  display: grid;
  gap: 1rem;
  div {
    height: 1.25rem;
    border-radius: 0.5rem;
    ${shimmering}
  }
  div:nth-child(2) {
    height: 6rem;
  }
  div:nth-child(3) {
    width: 60%;
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
