import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { ContactLinks } from '../../components/contact-links';
import { Container, ShopMark, fromMedium, theme } from '@shop/ui';
import { InstallAppButton } from '../../features/install/components/install-app-button';
import { useCurrentYear } from '../../lib/use-hydrated';
import { shopName } from '../../lib/runtime-config';

const Footer = styled.footer`
  margin-top: auto;
  background: ${theme.colors.brandDeep};
  color: ${theme.colors.brandMuted};
  font-size: 0.95rem;
  h2 {
    margin: 0 0 1rem;
    color: #fff;
    font-size: 0.8125rem;
    text-transform: uppercase;
    letter-spacing: 0.08em;
  }
  a {
    color: #fff;
  }
`;

const Columns = styled(Container)`
  display: grid;
  gap: 2rem;
  padding-top: 3rem;
  padding-bottom: 2.5rem;
  ${fromMedium} {
    grid-template-columns: 1.4fr 1fr 1.3fr;
    gap: 3rem;
  }
`;

const About = styled.div`
  display: grid;
  gap: 1rem;
  align-content: start;
  p {
    margin: 0;
    max-width: 26rem;
  }
  .brand {
    display: flex;
    align-items: center;
    gap: 0.625rem;
    color: #fff;
    font-weight: 700;
    font-size: 1.0625rem;
  }
  button {
    justify-self: start;
  }
`;

const Links = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.25rem;
  a {
    display: inline-flex;
    align-items: center;
    /* A 44 px target on a phone; compact from the medium breakpoint up. */
    min-height: 2.75rem;
    ${fromMedium} {
      min-height: 2rem;
    }
    text-decoration: none;
    color: ${theme.colors.brandMuted};
  }
  a:hover {
    color: #fff;
    text-decoration: underline;
  }
`;

const Note = styled.p`
  margin: 0.875rem 0 0;
  font-size: 0.875rem;
`;

const Nowrap = styled.span`
  white-space: nowrap;
`;

const Legal = styled.div`
  border-top: 1px solid rgb(255 255 255 / 0.12);
  font-size: 0.85rem;
  ${Container} {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: 0.5rem;
    padding-top: 1.25rem;
    padding-bottom: 1.25rem;
  }
`;

export function SiteFooter() {
  const year = useCurrentYear();
  const name = shopName();
  return (
    <Footer>
      <Columns>
        <About>
          <span className="brand">
            <ShopMark size={30} />
            {name}
          </span>
          <p>
            Custom engraved equipment labels and signs for panels, machines and facilities, made to
            your exact specifications.
          </p>
          <InstallAppButton />
        </About>
        <nav aria-label="Footer">
          <h2>Shop</h2>
          <Links>
            <li>
              <Link to="/products">Configure a label</Link>
            </li>
            <li>
              <Link to="/cart">Cart</Link>
            </li>
            <li>
              <Link to="/orders">Order history</Link>
            </li>
            <li>
              <Link to="/contact">Contact us</Link>
            </li>
          </Links>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact</h2>
          <ContactLinks tone="light" showHours />
          <Note>
            We reply within 24 hours. Production time is <Nowrap>3-5 business days</Nowrap>.
          </Note>
        </section>
      </Columns>
      <Legal>
        <Container>
          <span>
            © {year} {name}. All prices in US dollars.
          </span>
          <span>Secure card payments</span>
        </Container>
      </Legal>
    </Footer>
  );
}
