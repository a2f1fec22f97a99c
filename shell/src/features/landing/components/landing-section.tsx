import styled from 'styled-components';
import { fromMedium, theme } from '@shop/ui';

// What the landing page's sections below the hero share: their spacing, centred heading and icon tile.

/** A band of the landing page. */
export const Section = styled.section`
  padding: 4rem 0;
  ${fromMedium} {
    padding: 5.5rem 0;
  }
`;

/** A section's centred title (h2) and introduction. */
export const SectionHeading = styled.div`
  max-width: 40rem;
  margin: 0 auto 2.75rem;
  text-align: center;
  h2 {
    margin: 0;
    font-size: clamp(1.75rem, 4vw, 2.375rem);
    font-weight: 800;
    letter-spacing: -0.02em;
    color: ${theme.colors.brand};
  }
  p {
    margin: 0.875rem 0 0;
    color: ${theme.colors.muted};
    font-size: 1.0625rem;
  }
`;

/** The square tile an icon sits in (cards, contact options). */
export const CardIcon = styled.span`
  flex: none;
  display: grid;
  place-items: center;
  width: 3rem;
  height: 3rem;
  border-radius: 0.75rem;
  background: ${theme.colors.accentSoft};
  color: ${theme.colors.accent};
`;
