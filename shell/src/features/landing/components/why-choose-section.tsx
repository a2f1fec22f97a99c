import styled from 'styled-components';
import { COLOR_SWATCHES, COLORS } from '@shop/contracts/label-options';
import { Container, LayersIcon, SlidersIcon, TruckIcon, fromMedium, theme } from '@shop/ui';
import { CardIcon, Section, SectionHeading } from './landing-section';

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

/** A wrapping row of small chips under a card's text. */
const ChipRow = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0.375rem;
  margin: 1.25rem 0 0;
  padding: 0;
  list-style: none;
`;

const Swatches = styled(ChipRow)`
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

const MaterialTags = styled(ChipRow)`
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

function SwatchChip({ color }: { color: (typeof COLORS)[number] }) {
  const swatch = COLOR_SWATCHES[color];
  return (
    <li style={{ background: swatch.background, color: swatch.text }} title={swatch.name}>
      Aa
    </li>
  );
}

/** Why Choose Our Labels?: customization, materials and delivery, one card each. */
export function WhyChooseSection() {
  return (
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
              Engraved indoor and phenolic materials, and UV-resistant for outdoor sites: crisp and
              legible in demanding industrial environments.
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
  );
}
