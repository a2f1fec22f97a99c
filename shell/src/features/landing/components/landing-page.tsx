import styled from 'styled-components';
import { COLOR_SWATCHES, COLORS } from '@shop/contracts/label-options';
import { formatDollars } from '@shop/contracts/money';
import {
  ButtonAnchor,
  ButtonLink,
  Container,
  ArrowRightIcon,
  CheckIcon,
  LayersIcon,
  MailIcon,
  PhoneIcon,
  SlidersIcon,
  TruckIcon,
  fromLarge,
  fromMedium,
  theme,
} from '@shop/ui';
import { useDocumentTitle } from '../../../components/use-document-title';
import { BreakableEmail } from '../../../components/breakable-email';
import { runtimeConfig, telHref } from '../../../lib/runtime-config';
import { HeroLabelArt } from './hero-label-art';

/* ---------- Hero ---------- */

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

/* ---------- Sections ---------- */

const Section = styled.section`
  padding: 4rem 0;
  ${fromMedium} {
    padding: 5.5rem 0;
  }
`;

const SectionHeading = styled.div`
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

const Cards = styled.ul`
  display: grid;
  gap: 1.25rem;
  margin: 0;
  padding: 0;
  list-style: none;
  ${fromMedium} {
    grid-template-columns: repeat(3, 1fr);
    gap: 1.5rem;
  }
`;

const Card = styled.li`
  display: flex;
  flex-direction: column;
  padding: 1.75rem;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  background: ${theme.colors.surface};
  box-shadow: ${theme.shadow};
  h3 {
    margin: 1.125rem 0 0.5rem;
    font-size: 1.25rem;
    color: ${theme.colors.ink};
  }
  p {
    margin: 0;
    color: ${theme.colors.muted};
  }
`;

const CardIcon = styled.span`
  flex: none;
  display: grid;
  place-items: center;
  width: 3rem;
  height: 3rem;
  border-radius: 0.75rem;
  background: ${theme.colors.accentSoft};
  color: ${theme.colors.accent};
`;

const Swatches = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0.375rem;
  margin: 1.25rem 0 0;
  padding: 0;
  list-style: none;
  li {
    display: grid;
    place-items: center;
    width: 2.25rem;
    height: 1.5rem;
    border-radius: 0.3rem;
    border: 1px solid rgb(15 23 42 / 0.18);
    font:
      700 0.625rem/1 Arial,
      'Liberation Sans',
      Helvetica,
      sans-serif;
    letter-spacing: 0.04em;
  }
`;

const MaterialTags = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0.375rem;
  margin: 1.25rem 0 0;
  padding: 0;
  list-style: none;
  li {
    padding: 0.25rem 0.625rem;
    border-radius: 999px;
    background: ${theme.colors.sunken};
    color: ${theme.colors.brand};
    font-size: 0.8125rem;
    font-weight: 600;
  }
`;

const Facts = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem 1.5rem;
  margin: 1.25rem 0 0;
  div {
    display: grid;
  }
  dt {
    font-size: 0.8125rem;
    color: ${theme.colors.muted};
  }
  dd {
    margin: 0;
    font-weight: 700;
    color: ${theme.colors.brand};
    white-space: nowrap;
  }
`;

const ContactBand = styled(Section)`
  background: ${theme.colors.surface};
  border-top: 1px solid ${theme.colors.border};
  border-bottom: 1px solid ${theme.colors.border};
  scroll-margin-top: 4rem;
`;

const ContactOptions = styled.ul`
  display: grid;
  gap: 1rem;
  max-width: 56rem;
  margin: 0 auto;
  padding: 0;
  list-style: none;
  ${fromMedium} {
    grid-template-columns: 1fr 1fr;
  }
  a {
    display: flex;
    align-items: center;
    gap: 0.875rem;
    height: 100%;
    padding: 1rem;
    border: 1px solid ${theme.colors.border};
    border-radius: ${theme.radius};
    background: ${theme.colors.page};
    color: ${theme.colors.ink};
    text-decoration: none;
    transition:
      border-color 120ms ease,
      box-shadow 120ms ease;
  }
  a:hover {
    border-color: ${theme.colors.accent};
    box-shadow: ${theme.shadow};
  }
  span.kind {
    display: block;
    font-size: 0.8125rem;
    color: ${theme.colors.muted};
  }
  span.value {
    display: block;
    font-weight: 700;
    font-size: 1rem;
    line-height: 1.35;
    color: ${theme.colors.brand};
    overflow-wrap: anywhere;
  }
  a > ${CardIcon} {
    width: 2.5rem;
    height: 2.5rem;
  }
  ${fromMedium} {
    a {
      gap: 1rem;
      padding: 1.25rem 1.5rem;
    }
    a > ${CardIcon} {
      width: 3rem;
      height: 3rem;
    }
    span.value {
      font-size: 1.0625rem;
    }
  }
`;

const ContactNote = styled.p`
  margin: 1.5rem 0 0;
  text-align: center;
  color: ${theme.colors.muted};
  font-size: 0.95rem;
`;

const ClosingSection = styled(Section)`
  padding-top: 3rem;
  ${fromMedium} {
    padding-top: 4.5rem;
  }
`;

const Closing = styled.div`
  display: grid;
  gap: 1.5rem;
  justify-items: center;
  padding: 3rem 1.5rem;
  border-radius: 1.25rem;
  text-align: center;
  color: #fff;
  background:
    radial-gradient(40rem 18rem at 100% 0%, rgb(194 65 12 / 0.35), transparent 60%),
    linear-gradient(135deg, ${theme.colors.brand}, ${theme.colors.brandDeep});
  ${fromMedium} {
    padding: 4rem 3rem;
  }
  h2 {
    margin: 0;
    font-size: clamp(1.625rem, 4vw, 2.25rem);
    font-weight: 800;
    letter-spacing: -0.02em;
    text-wrap: balance;
  }
  p {
    margin: 0;
    max-width: 34rem;
    color: ${theme.colors.brandMuted};
    font-size: 1.0625rem;
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

function SwatchChip({ color }: { color: (typeof COLORS)[number] }) {
  const swatch = COLOR_SWATCHES[color];
  return (
    <li style={{ background: swatch.background, color: swatch.text }} title={swatch.name}>
      Aa
    </li>
  );
}

export function LandingPage() {
  useDocumentTitle();
  const { phone, email } = runtimeConfig().contact;
  return (
    <>
      <Hero aria-labelledby="hero-title">
        <HeroGrid>
          <div>
            <Eyebrow>Engraved labels &amp; signs</Eyebrow>
            <HeroTitle id="hero-title">Professional Custom Equipment Labels</HeroTitle>
            <Lead>
              High-quality indoor and outdoor equipment labels tailored to your exact
              specifications. Choose from premium materials and customize every detail.
            </Lead>
            <HeroActions>
              <ButtonLink to="/products" $size="lg">
                Configure Your Label
                <ArrowRightIcon size={20} />
              </ButtonLink>
              <ButtonAnchor href="#contact" $size="lg" $variant="inverse">
                Request a Quote
              </ButtonAnchor>
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

      <Section aria-labelledby="why-choose-title">
        <Container>
          <SectionHeading>
            <h2 id="why-choose-title">Why Choose Our Labels?</h2>
            <p>
              Clear, durable identification for panels, machines and facilities, from a single
              replacement plate to a full plant rollout.
            </p>
          </SectionHeading>
          <Cards>
            <Card>
              <CardIcon>
                <SlidersIcon size={24} />
              </CardIcon>
              <h3>Easy Customization</h3>
              <p>
                Set the exact size, pick the material and colors, choose your mounting, and add your
                own text.
              </p>
              <Swatches aria-label="Color combinations">
                {COLORS.map((color) => (
                  <SwatchChip key={color} color={color} />
                ))}
              </Swatches>
            </Card>
            <Card>
              <CardIcon>
                <LayersIcon size={24} />
              </CardIcon>
              <h3>Premium Materials</h3>
              <p>
                Engraved indoor and phenolic materials that stay crisp and legible in demanding
                industrial environments.
              </p>
              <MaterialTags aria-label="Materials">
                <li>Indoor</li>
                <li>Phenolic</li>
                <li>UV-resistant</li>
              </MaterialTags>
            </Card>
            <Card>
              <CardIcon>
                <TruckIcon size={24} />
              </CardIcon>
              <h3>Fast Delivery</h3>
              <p>
                Your labels are made in 3-5 business days and shipped straight to your site, with
                rates shown at checkout.
              </p>
              <Facts>
                <div>
                  <dt>Production</dt>
                  <dd>3-5 business days</dd>
                </div>
                <div>
                  <dt>Sizes</dt>
                  <dd>0.75″ to 9″</dd>
                </div>
              </Facts>
            </Card>
          </Cards>
        </Container>
      </Section>

      <ContactBand id="contact" aria-labelledby="contact-title">
        <Container>
          <SectionHeading>
            <h2 id="contact-title">Get In Touch</h2>
            <p>Have questions or need a custom quote? We're here to help.</p>
          </SectionHeading>
          <ContactOptions>
            <li>
              <a href={telHref(phone)}>
                <CardIcon>
                  <PhoneIcon size={22} />
                </CardIcon>
                <span>
                  <span className="kind">Call us</span>
                  <span className="value">{phone}</span>
                </span>
              </a>
            </li>
            <li>
              <a href={`mailto:${email}`}>
                <CardIcon>
                  <MailIcon size={22} />
                </CardIcon>
                <span>
                  <span className="kind">Email us</span>
                  <span className="value">
                    <BreakableEmail email={email} />
                  </span>
                </span>
              </a>
            </li>
          </ContactOptions>
          <ContactNote>We reply within 24 hours.</ContactNote>
        </Container>
      </ContactBand>

      <ClosingSection aria-labelledby="closing-title">
        <Container>
          <Closing>
            <h2 id="closing-title">Ready to Create Your Custom Label?</h2>
            <p>Get started with our easy-to-use configurator and see your price instantly.</p>
            <ButtonLink to="/products" $size="lg">
              Start Configuring
              <ArrowRightIcon size={20} />
            </ButtonLink>
          </Closing>
        </Container>
      </ClosingSection>
    </>
  );
}
