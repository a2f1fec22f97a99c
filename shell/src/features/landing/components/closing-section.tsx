import styled from 'styled-components';
import { ArrowRightIcon, ButtonLink, Container, fromMedium, theme } from '@shop/ui';
import { Section } from './landing-section';

const ClosingBand = styled(Section)`
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

/** The last call to configure a label. */
export function ClosingSection() {
  return (
    <ClosingBand aria-labelledby="closing-title">
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
    </ClosingBand>
  );
}
