import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { ButtonLink, Container, theme } from '@shop/ui';
import { useDocumentTitle } from '../../../components/use-document-title';

const Wrapper = styled(Container)`
  display: grid;
  justify-items: center;
  gap: 1rem;
  padding-top: 5rem;
  padding-bottom: 6rem;
  text-align: center;
  h1 {
    margin: 0;
    font-size: clamp(2rem, 5vw, 2.75rem);
    color: ${theme.colors.brand};
  }
  p {
    margin: 0;
    max-width: 32rem;
    color: ${theme.colors.muted};
    font-size: 1.0625rem;
  }
  nav ul {
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    gap: 0.5rem 1.25rem;
    margin: 0.5rem 0 0;
    padding: 0;
    list-style: none;
  }
  nav a {
    color: ${theme.colors.brand};
    font-weight: 600;
  }
`;

const Code = styled.p`
  && {
    display: inline-block;
    padding: 0.375rem 0.875rem;
    border-radius: 0.5rem;
    background: #111111;
    color: #ffffff;
    font:
      700 1rem/1 Arial,
      'Liberation Sans',
      Helvetica,
      sans-serif;
    letter-spacing: 0.2em;
  }
`;

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <Wrapper>
      <Code aria-hidden="true">ERROR 404</Code>
      <h1>Page not found</h1>
      <p>We could not find that page. It may have moved, or the address may have a typo.</p>
      <ButtonLink to="/" $size="lg">
        Back to the home page
      </ButtonLink>
      <nav aria-label="Popular pages">
        <ul>
          <li>
            <Link to="/products">Configure a label</Link>
          </li>
          <li>
            <Link to="/cart">Cart</Link>
          </li>
          <li>
            <Link to="/contact">Contact us</Link>
          </li>
        </ul>
      </nav>
    </Wrapper>
  );
}
