import { useId } from 'react';
import styled from 'styled-components';
import { FieldError, Hint, Label, TextArea } from '../../../components/field';
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
  onChange(text: string): void;
}

export function CustomTextField({ value, error, onChange }: CustomTextFieldProps) {
  const id = useId();
  return (
    <FormSection
      step={5}
      title="Custom text"
      description="What we engrave. The preview above shows it as you type."
    >
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
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      />
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
      <Footer>
        <Hint id={`${id}-hint`}>Optional. Line breaks are kept.</Hint>
        <Hint aria-hidden="true">
          {value.length}/{CUSTOM_TEXT_MAX}
        </Hint>
      </Footer>
    </FormSection>
  );
}
