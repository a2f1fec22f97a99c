import { useId } from 'react';
import styled from 'styled-components';
import { Field, FieldError, FieldHint, Label, TextArea } from '@shop/ui';
import { FormSection } from '../../../components/form-section';

export const CUSTOM_TEXT_MAX = 500;

const Footer = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 1rem;
`;

interface CustomTextFieldProps {
  value: string;
  error?: string;
  /** Why the text would not engrave legibly at this size (it can still be ordered: the proof shows it). */
  warning?: string | null;
  onChange(text: string): void;
}

export function CustomTextField({ value, error, warning = null, onChange }: CustomTextFieldProps) {
  const id = useId();
  return (
    <FormSection
      step={5}
      title="Custom text"
      description="What we engrave. The preview above shows it as you type."
    >
      <Field>
        <Label htmlFor={id}>Text to engrave</Label>
        <TextArea
          id={id}
          name="customText"
          value={value}
          maxLength={CUSTOM_TEXT_MAX}
          rows={3}
          placeholder="e.g. MAIN DISCONNECT 480V"
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}${warning ? ` ${id}-warning` : ''}`}
        />
        {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
        {warning && (
          <FieldError id={`${id}-warning`} role="status" data-testid="custom-text-too-small">
            {warning}
          </FieldError>
        )}
        <Footer>
          <FieldHint id={`${id}-hint`}>Optional. Line breaks are kept.</FieldHint>
          <FieldHint aria-hidden="true">
            {value.length}/{CUSTOM_TEXT_MAX}
          </FieldHint>
        </Footer>
      </Field>
    </FormSection>
  );
}
