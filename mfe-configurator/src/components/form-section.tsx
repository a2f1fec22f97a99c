import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Card, theme } from '@shop/ui';

// The kit's card, rendered as a fieldset (see FormSection).
const Fieldset = styled(Card)`
  margin: 0;

  /* A floated legend sits inside the card's padding like a heading. */
  & > legend {
    float: left;
    width: 100%;
    padding: 0;
    margin-bottom: 1rem;
  }
  & > legend + * {
    clear: both;
  }
`;

const Heading = styled.h2`
  display: flex;
  align-items: center;
  gap: 0.625rem;
  margin: 0;
  font-size: 1.125rem;
  color: ${theme.colors.brand};
`;

const Step = styled.span`
  display: inline-grid;
  place-items: center;
  width: 1.75rem;
  height: 1.75rem;
  border-radius: 999px;
  background: ${theme.colors.brandSoft};
  color: ${theme.colors.brand};
  font-size: 0.875rem;
  font-weight: 700;
`;

const Description = styled.p`
  margin: 0.25rem 0 0;
  font-size: 0.9rem;
  font-weight: 400;
  color: ${theme.colors.muted};
`;

interface FormSectionProps {
  step: number;
  title: string;
  description?: string;
  children: ReactNode;
  'data-testid'?: string;
}

/** One step of the configurator: a fieldset whose legend is a numbered heading. */
export function FormSection({ step, title, description, children, ...rest }: FormSectionProps) {
  return (
    <Fieldset as="fieldset" data-testid={rest['data-testid']}>
      <legend>
        <Heading>
          <Step aria-hidden="true">{step}</Step>
          {title}
        </Heading>
        {description && <Description>{description}</Description>}
      </legend>
      <div>{children}</div>
    </Fieldset>
  );
}
