import styled from 'styled-components';
import { runtimeConfig, telHref } from '../lib/runtime-config';
import { BreakableEmail, ClockIcon, MailIcon, MapPinIcon, PhoneIcon, theme } from '@shop/ui';

const List = styled.ul<{ $tone: 'light' | 'dark' }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.25rem;
  /* Each row as tall as its link, a 44 px target on a phone. */
  li {
    display: flex;
    align-items: center;
    gap: 0.625rem;
    min-height: 2.75rem;
  }
  svg {
    flex: none;
    color: ${({ $tone }) => ($tone === 'dark' ? theme.colors.accent : '#fdba74')};
  }
  a {
    display: inline-flex;
    align-items: center;
    min-height: 2.75rem;
    font-weight: 600;
    text-decoration: none;
    overflow-wrap: anywhere;
  }
  a:hover {
    text-decoration: underline;
  }
`;

/**
 * The shop's phone (a tel: link), email (a mailto: link), and with showHours its hours and address
 * (when set), from the run-time config.
 */
export function ContactLinks({
  tone = 'dark',
  showHours = false,
}: {
  tone?: 'light' | 'dark';
  showHours?: boolean;
}) {
  const { phone, email, hours, address } = runtimeConfig().contact;
  return (
    <List $tone={tone}>
      <li>
        <PhoneIcon />
        <a href={telHref(phone)}>{phone}</a>
      </li>
      <li>
        <MailIcon />
        <a href={`mailto:${email}`}>
          <BreakableEmail email={email} />
        </a>
      </li>
      {showHours && hours && (
        <li>
          <ClockIcon />
          <span>{hours}</span>
        </li>
      )}
      {showHours && address && (
        <li>
          <MapPinIcon />
          <span>{address}</span>
        </li>
      )}
    </List>
  );
}
