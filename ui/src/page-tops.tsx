import type { ReactNode } from 'react';
import styled from 'styled-components';
import { fromMedium, theme } from './theme';

// The tops of the remote pages whose skeleton the shell draws with the page's own heading and
// introduction: /products (the configurator's column and intro), /cart and /checkout (their PageIntro
// copy). One copy, built into the remote and into the shell, so the shell's first paint already holds
// the page's largest text and the remote's arrival draws the same boxes in the same places
// (docs/architecture.md "A prerendered page").

/** The configurator's page column. */
export const ConfiguratorColumn = styled.section`
  max-width: ${theme.maxWidth};
  margin: 0 auto;
  padding: 1.5rem 1.25rem 3rem;
  display: grid;
  gap: 1.5rem;
  color: ${theme.colors.ink};
  font-family: ${theme.fonts.body};
  /* The same side padding as the shell's content column, so the page lines up with its header. */
  ${fromMedium} {
    padding: 2.5rem 2rem 4rem;
  }
`;

const Intro = styled.header`
  max-width: 44rem;
  h1 {
    margin: 0 0 0.5rem;
    font-family: ${theme.fonts.heading};
    font-size: clamp(1.75rem, 4vw, 2.25rem);
    line-height: 1.15;
    color: ${theme.colors.brand};
  }
  p {
    margin: 0;
    color: ${theme.colors.muted};
    font-size: 1.0625rem;
  }
`;

const Eyebrow = styled.span`
  display: block;
  margin-bottom: 0.375rem;
  font-size: 0.8rem;
  font-weight: 700;
  letter-spacing: 0.08em;
  text-transform: uppercase;
  color: ${theme.colors.accent};
`;

interface ConfiguratorIntroProps {
  /** The heading's id, for the page's aria-labelledby. */
  headingId?: string;
  /** After the eyebrow's text (the configurator's release label). */
  eyebrowExtra?: ReactNode;
}

/** The configurator's eyebrow, heading and introduction. */
export function ConfiguratorIntro({ headingId, eyebrowExtra }: ConfiguratorIntroProps) {
  return (
    <Intro>
      <Eyebrow>
        Label configurator
        {eyebrowExtra}
      </Eyebrow>
      <h1 id={headingId}>Configure Your Custom Label</h1>
      <p>Choose a material, set the size, colours and text, and see your price update as you go.</p>
    </Intro>
  );
}

/** A page's heading and introduction, as PageIntro draws them. */
export interface PageTop {
  title: string;
  intro: string;
}

/** /cart's top: its copy names nothing the cart's data decides, so the skeleton can draw it. */
export const CART_PAGE_TOP: PageTop = {
  title: 'Shopping Cart',
  intro:
    "Check each label's material, size, text and quantity before you check out. You can change a quantity or remove a label here.",
};

/** /checkout's top. */
export const CHECKOUT_PAGE_TOP: PageTop = {
  title: 'Checkout',
  intro:
    'Tell us who you are and where to send your labels, then pay by card. Nothing is charged until you confirm the payment below.',
};
