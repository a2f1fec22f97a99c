import type { ReactNode } from 'react';
import styled, { css, keyframes } from 'styled-components';
import { fromMedium, theme } from './theme';

/**
 * The shop's card surface: border, radius, white background and shadow. Cards that need their own
 * padding or heading (the account page, the contact page, the configurator's summary) add it around this.
 */
export const cardSurface = css`
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  background: ${theme.colors.surface};
  box-shadow: ${theme.shadow};
`;

/** A remote's page: the shop's content column. */
export const Page = styled.section`
  width: 100%;
  max-width: ${theme.maxWidth};
  margin: 0 auto;
  padding: 2rem 1.25rem 3rem;
  color: ${theme.colors.ink};
  ${fromMedium} {
    padding: 2.5rem 2rem 4rem;
  }
`;

export const PageHeader = styled.header`
  margin-bottom: 1.5rem;
  h1 {
    margin: 0;
    font-size: 1.75rem;
    line-height: 1.2;
    color: ${theme.colors.brand};
    letter-spacing: -0.01em;
  }
  p {
    margin: 0.375rem 0 0;
    color: ${theme.colors.muted};
  }
  ${fromMedium} {
    h1 {
      font-size: 2rem;
    }
  }
`;

interface PageIntroProps {
  title: string;
  intro?: ReactNode;
  /** The heading's id, for the page's aria-labelledby. */
  headingId?: string;
  className?: string;
}

/** A page's PageHeader with its h1 and, when given, its introduction. */
export function PageIntro({ title, intro, headingId, className }: PageIntroProps) {
  return (
    <PageHeader className={className}>
      <h1 id={headingId}>{title}</h1>
      {intro && <p>{intro}</p>}
    </PageHeader>
  );
}

/** A centred card for a page's single message (sign in first, nothing here yet, something failed). */
export const MessageCard = styled.div`
  max-width: 34rem;
  margin: 1rem auto;
  padding: 2rem 1.5rem;
  ${cardSurface}
  text-align: center;
  .icon {
    display: inline-grid;
    place-items: center;
    width: 3.5rem;
    height: 3.5rem;
    margin-bottom: 0.75rem;
    border-radius: 999px;
    background: ${theme.colors.accentSoft};
    color: ${theme.colors.accent};
  }
  /* A page that is only this message has it as its h1 (the order page's "Order not found"). */
  h1,
  h2 {
    margin: 0 0 0.5rem;
    font-size: 1.25rem;
    color: ${theme.colors.brand};
  }
  p {
    margin: 0 0 1.25rem;
    color: ${theme.colors.muted};
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    gap: 0.75rem;
  }
`;

const shimmer = keyframes`
  to {
    background-position: -200% 0;
  }
`;

/**
 * A loading placeholder's fill (every skeleton's bars): a lighter band sweeping across it, still for
 * those who ask for reduced motion.
 */
export const shimmering = css`
  background: linear-gradient(
    90deg,
    ${theme.colors.border},
    ${theme.colors.sunken},
    ${theme.colors.border}
  );
  background-size: 200% 100%;
  animation: ${shimmer} 1.2s infinite linear;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

export const Skeleton = styled.div`
  display: grid;
  gap: 1rem;
  & > div {
    height: 9rem;
    border-radius: ${theme.radius};
    ${shimmering}
  }
`;

/** The page's content column (the shell's header, footer and pages). */
export const Container = styled.div`
  width: 100%;
  max-width: ${theme.maxWidth};
  margin: 0 auto;
  padding: 0 1.25rem;
  ${fromMedium} {
    padding: 0 2rem;
  }
`;

/** A white card that groups one part of a page (the item list, a form, the order summary). */
export const Card = styled.section`
  min-width: 0;
  padding: 1.25rem;
  ${cardSurface}
  ${fromMedium} {
    padding: 1.5rem;
  }
`;

/** A card's heading when it is not a direct child of a Panel (ink, not brand colour). */
export const CardTitle = styled.h2`
  margin: 0 0 1rem;
  font-size: 1.125rem;
  font-weight: 700;
  color: ${theme.colors.ink};
`;

/** A bordered panel of a page (an order's lines, its summary, a small form): a heading and content. */
export const Panel = styled(Card)`
  & > h2 {
    margin: 0 0 0.875rem;
    font-size: 1.15rem;
    color: ${theme.colors.brand};
  }
`;

/** A notice above a page's content: info (blue), success (green) or warning (amber), never colour alone. */
export const Notice = styled.div<{ $tone?: 'info' | 'success' | 'warning' }>`
  margin: 0 0 1.25rem;
  padding: 0.875rem 1rem;
  border: 1px solid
    ${({ $tone = 'info' }) =>
      $tone === 'success' ? '#86efac' : $tone === 'warning' ? '#fcd34d' : '#bfdbfe'};
  border-radius: ${theme.radiusSmall};
  background: ${({ $tone = 'info' }) =>
    $tone === 'success' ? theme.colors.successSoft : $tone === 'warning' ? '#fffbeb' : '#eff6ff'};
  color: ${({ $tone = 'info' }) =>
    $tone === 'success' ? '#14532d' : $tone === 'warning' ? '#78350f' : '#1e3a8a'};
  overflow-wrap: anywhere;
  p,
  ul {
    margin: 0.25rem 0 0;
  }
  ul {
    padding-left: 1.25rem;
  }
  strong:first-child {
    display: block;
  }
  a {
    color: inherit;
    font-weight: 600;
  }
`;

/** An order's money rows (subtotal, discount, shipping, tax, total): labels left, amounts right. */
export const TotalsList = styled.dl`
  display: grid;
  /* The labels give way, never the amounts: a discount code (up to 50 characters, maybe in one
     word) wraps inside its label instead of pushing the amounts off a phone's screen. */
  grid-template-columns: minmax(0, 1fr) auto;
  gap: 0.375rem 1rem;
  margin: 0;
  dt {
    color: ${theme.colors.muted};
    overflow-wrap: anywhere;
  }
  dd {
    margin: 0;
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
  .total {
    font-weight: 700;
    color: ${theme.colors.ink};
  }
`;
