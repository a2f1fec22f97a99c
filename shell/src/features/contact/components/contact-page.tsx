import { useEffect } from 'react';
import styled from 'styled-components';
import {
  BreakableEmail,
  Container,
  CheckIcon,
  ClockIcon,
  MailIcon,
  PhoneIcon,
  TruckIcon,
  fromLarge,
  fromMedium,
  theme,
  cardSurface,
} from '@shop/ui';
import { useDocumentTitle } from '../../../components/use-document-title';
import { runtimeConfig, telHref } from '../../../lib/runtime-config';
import { EnquiryForm } from './enquiry-form';

const DEFAULT_HOURS = 'Monday to Friday, 8:00 AM to 5:00 PM';

const Intro = styled.header`
  padding: 3rem 0 2.5rem;
  background: linear-gradient(
    160deg,
    #143a5e 0%,
    ${theme.colors.brand} 60%,
    ${theme.colors.brandDeep} 100%
  );
  color: #fff;
  h1 {
    margin: 0;
    font-size: clamp(2rem, 5vw, 2.75rem);
    font-weight: 800;
    letter-spacing: -0.02em;
  }
  p {
    margin: 0.75rem 0 0;
    max-width: 38rem;
    color: ${theme.colors.brandMuted};
    font-size: 1.0625rem;
  }
  ${fromMedium} {
    padding: 4rem 0 3.5rem;
  }
`;

const Body = styled(Container)`
  display: grid;
  gap: 2rem;
  padding-top: 2.5rem;
  padding-bottom: 4rem;
  ${fromLarge} {
    grid-template-columns: 24rem 1fr;
    gap: 2.5rem;
    align-items: start;
  }
`;

const Panel = styled.section`
  padding: 1.75rem;
  ${cardSurface}
  h2 {
    margin: 0 0 1.25rem;
    font-size: 1.25rem;
    color: ${theme.colors.brand};
  }
  ${fromMedium} {
    padding: 2rem;
  }
`;

const Details = styled.dl`
  display: grid;
  gap: 1.25rem;
  margin: 0;
  div {
    display: grid;
    grid-template-columns: 2.5rem 1fr;
    column-gap: 0.875rem;
  }
  dt {
    grid-column: 2;
    font-size: 0.8125rem;
    color: ${theme.colors.muted};
  }
  dd {
    grid-column: 2;
    margin: 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  dd a {
    color: ${theme.colors.brand};
    text-decoration: none;
  }
  dd a:hover {
    text-decoration: underline;
  }
  svg {
    grid-row: 1 / span 2;
    align-self: center;
    color: ${theme.colors.accent};
  }
`;

/** Where Request a Quote (and the quantity's "Ask for a quote") leads: the enquiry form. */
export const ENQUIRY_FORM_ID = 'send-message';

/**
 * Opened at /contact#send-message, the page starts at the enquiry form: this page is fetched after
 * the route changes, so the router's own move to the #fragment finds nothing to move to yet.
 */
function useStartAtFragment() {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    const target = id ? document.getElementById(id) : null;
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.scrollIntoView();
    target.focus({ preventScroll: true });
  }, []);
}

export function ContactPage() {
  useDocumentTitle('Contact');
  useStartAtFragment();
  const { phone, email, hours } = runtimeConfig().contact;
  return (
    <>
      <Intro>
        <Container>
          <h1>Contact Us</h1>
          <p>
            Have questions or need a custom quote? We're here to help. Call, email or send us a
            message below.
          </p>
        </Container>
      </Intro>
      <Body>
        <Panel aria-labelledby="reach-us">
          <h2 id="reach-us">How to reach us</h2>
          <Details>
            <div>
              <PhoneIcon size={24} />
              <dt>Phone</dt>
              <dd>
                <a href={telHref(phone)}>{phone}</a>
              </dd>
            </div>
            <div>
              <MailIcon size={24} />
              <dt>Email</dt>
              <dd>
                <a href={`mailto:${email}`}>
                  <BreakableEmail email={email} />
                </a>
              </dd>
            </div>
            <div>
              <ClockIcon size={24} />
              <dt>Hours</dt>
              <dd>{hours ?? DEFAULT_HOURS}</dd>
            </div>
            <div>
              <CheckIcon size={24} />
              <dt>Response time</dt>
              <dd>We reply within 24 hours</dd>
            </div>
            <div>
              <TruckIcon size={24} />
              <dt>Production time</dt>
              <dd>3-5 business days</dd>
            </div>
          </Details>
        </Panel>
        <Panel aria-labelledby="send-message">
          <h2 id={ENQUIRY_FORM_ID}>Send us a message</h2>
          <EnquiryForm />
        </Panel>
      </Body>
    </>
  );
}
