import styled from 'styled-components';
import { BreakableEmail, Container, MailIcon, PhoneIcon, fromMedium, theme } from '@shop/ui';
import { runtimeConfig, telHref } from '../../../lib/runtime-config';
import { CardIcon, Section, SectionHeading } from './landing-section';

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

/** Get In Touch (the #contact anchor): the shop's phone and email. */
export function ContactSection() {
  const { phone, email } = runtimeConfig().contact;
  return (
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
  );
}
