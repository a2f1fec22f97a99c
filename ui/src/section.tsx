import styled from 'styled-components';
import { theme } from './theme';

/** A panel's heading row: title and summary on the left, its main action on the right. */
export const SectionHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: 0.75rem 1rem;
  margin-bottom: 1rem;
  h2 {
    margin: 0;
    font-size: 1.25rem;
    color: ${theme.colors.brand};
  }
  p {
    margin: 0.25rem 0 0;
    color: ${theme.colors.muted};
    font-size: 0.925rem;
  }
`;

/** Shown in place of a table while it loads, when it is empty, or when it failed. */
export const TableMessage = styled.div`
  padding: 2.5rem 1.25rem;
  border: 1px dashed ${theme.colors.borderStrong};
  border-radius: ${theme.radius};
  background: ${theme.colors.surface};
  text-align: center;
  color: ${theme.colors.muted};
  h3 {
    margin: 0 0 0.375rem;
    color: ${theme.colors.ink};
    font-size: 1.05rem;
  }
  p {
    margin: 0 0 1rem;
  }
  p:last-child {
    margin-bottom: 0;
  }
`;
