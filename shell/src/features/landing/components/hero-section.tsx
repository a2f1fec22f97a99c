import styled from 'styled-components';
import { formatDollars } from '@shop/contracts/money';
import {
  ButtonLink,
  Container,
  ArrowRightIcon,
  CheckIcon,
  fromLarge,
  fromMedium,
  QUOTE_PATH,
  theme,
} from '@shop/ui';
import { HeroLabelArt } from './hero-label-art';

const Hero = styled.section`
  position: relative;
  overflow: hidden;
  color: #fff;
  background:
    radial-gradient(60rem 30rem at 85% 10%, rgb(194 65 12 / 0.22), transparent 60%),
    linear-gradient(160deg, #143a5e 0%, ${theme.colors.brand} 45%, ${theme.colors.brandDeep} 100%);
`;

const HeroGrid = styled(Container)`
  display: grid;
  gap: 2.5rem;
  padding-top: 3rem;
  padding-bottom: 3.5rem;
  ${fromMedium} {
    padding-top: 4.5rem;
    padding-bottom: 5rem;
  }
  ${fromLarge} {
    grid-template-columns: minmax(0, 1.1fr) minmax(0, 0.9fr);
    align-items: center;
    gap: 3.5rem;
  }
`;

const Eyebrow = styled.p`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  margin: 0 0 1.25rem;
  padding: 0.375rem 0.75rem;
  border: 1px solid rgb(255 255 255 / 0.22);
  border-radius: 999px;
  background: rgb(255 255 255 / 0.06);
  color: ${theme.colors.brandMuted};
  font-size: 0.8125rem;
  font-weight: 600;
  letter-spacing: 0.04em;
  text-transform: uppercase;
  &::before {
    content: '';
    width: 0.5rem;
    height: 0.5rem;
    border-radius: 999px;
    background: #fb923c;
  }
`;

const HeroTitle = styled.h1`
  margin: 0;
  font-size: clamp(2.125rem, 5.6vw, 3rem);
  font-weight: 800;
  letter-spacing: -0.025em;
  line-height: 1.08;
  text-wrap: balance;
`;

const Lead = styled.p`
  margin: 1.25rem 0 0;
  max-width: 34rem;
  color: ${theme.colors.brandMuted};
  font-size: clamp(1.0625rem, 2.2vw, 1.1875rem);
  line-height: 1.6;
`;

const HeroActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  margin-top: 2rem;
  a {
    flex: 1 1 auto;
  }
  ${fromMedium} {
    a {
      flex: 0 0 auto;
    }
  }
`;

const Assurances = styled.ul`
  display: grid;
  gap: 0.625rem;
  margin: 2rem 0 0;
  padding: 0;
  list-style: none;
  color: #e2e8f0;
  font-size: 0.95rem;
  li {
    display: flex;
    align-items: center;
    gap: 0.5rem;
    white-space: nowrap;
  }
  svg {
    flex: none;
    color: #fdba74;
  }
  ${fromMedium} {
    grid-template-columns: repeat(3, auto);
    justify-content: start;
    gap: 0.75rem 1.375rem;
  }
`;

const Art = styled.figure`
  position: relative;
  margin: 0;
  max-width: 36rem;
  width: 100%;
  justify-self: center;
  ${fromMedium} {
    margin-bottom: 1.5rem;
  }
  ${fromLarge} {
    margin-bottom: 0;
  }
`;

// Below the panel on phones; across its lower-left corner on larger screens.
const PriceChip = styled.figcaption`
  position: relative;
  width: fit-content;
  margin: -0.5rem auto 0;
  display: grid;
  gap: 0.125rem;
  padding: 0.75rem 1rem;
  border-radius: ${theme.radius};
  background: ${theme.colors.surface};
  color: ${theme.colors.ink};
  box-shadow: ${theme.shadowRaised};
  font-size: 0.8125rem;
  span {
    color: ${theme.colors.muted};
  }
  strong {
    font-size: 1.125rem;
    color: ${theme.colors.brand};
  }
  ${fromMedium} {
    position: absolute;
    left: -0.5rem;
    bottom: -1.75rem;
    margin: 0;
  }
`;

/**
 * The design's worked example (docs/design.md section 4). Written out rather than computed here, because the
 * price rules module brings zod into the first download; landing-page.test.tsx checks it against them.
 */
export const HERO_EXAMPLE = {
  configuration: { material: 'phenolic', width: 3, height: 2, mounting: 'adhesive', quantity: 1 },
  caption: 'Phenolic · 3″ × 2″ · adhesive',
  unitPrice: 5.2,
} as const;

/** The landing page's first screen: the promise, the two ways in, and the labels drawn with a price. */
export function HeroSection() {
  return (
    <Hero aria-labelledby="hero-title">
      <HeroGrid>
        <div>
          <Eyebrow>Engraved labels &amp; signs</Eyebrow>
          <HeroTitle id="hero-title">Professional Custom Equipment Labels</HeroTitle>
          <Lead>
            High-quality indoor and outdoor equipment labels tailored to your exact specifications.
            Choose from premium materials and customize every detail.
          </Lead>
          <HeroActions>
            <ButtonLink to="/products" $size="lg">
              Configure Your Label
              <ArrowRightIcon size={20} />
            </ButtonLink>
            <ButtonLink to={QUOTE_PATH} $size="lg" $variant="inverse">
              Request a Quote
            </ButtonLink>
          </HeroActions>
          <Assurances aria-label="Why shops order here">
            <li>
              <CheckIcon size={18} />
              Live pricing
            </li>
            <li>
              <CheckIcon size={18} />
              Any size up to 9″ × 9″
            </li>
            <li>
              <CheckIcon size={18} />
              Made in 3-5 business days
            </li>
          </Assurances>
        </div>
        <Art>
          <HeroLabelArt />
          <PriceChip>
            <span>{HERO_EXAMPLE.caption}</span>
            <strong>{formatDollars(HERO_EXAMPLE.unitPrice)} per label</strong>
          </PriceChip>
        </Art>
      </HeroGrid>
    </Hero>
  );
}
