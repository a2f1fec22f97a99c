import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { theme } from './theme';

const Field = styled.div`
  display: grid;
  align-content: start;
  gap: 0.375rem;
  min-width: 0;
`;

export const Label = styled.label`
  font-size: 0.9rem;
  font-weight: 600;
  color: ${theme.colors.ink};
  .optional {
    font-weight: 400;
    color: ${theme.colors.subtle};
  }
`;

export const controlStyles = css`
  width: 100%;
  min-height: 2.75rem;
  padding: 0.5rem 0.75rem;
  border: 1px solid ${theme.colors.borderStrong};
  border-radius: ${theme.radiusSmall};
  background: ${theme.colors.surface};
  color: ${theme.colors.ink};
  font: inherit;
  font-size: 1rem;
  &::placeholder {
    color: ${theme.colors.subtle};
  }
  &:hover {
    border-color: ${theme.colors.subtle};
  }
  &:focus {
    outline: none;
    border-color: ${theme.colors.focus};
    box-shadow: 0 0 0 3px rgb(37 99 235 / 0.25);
  }
  &[aria-invalid='true'] {
    border-color: ${theme.colors.danger};
  }
  &[aria-invalid='true']:focus {
    box-shadow: 0 0 0 3px rgb(185 28 28 / 0.2);
  }
  &:disabled {
    background: ${theme.colors.sunken};
    cursor: not-allowed;
  }
`;

const Input = styled.input`
  ${controlStyles}
`;

export const FieldError = styled.p`
  margin: 0;
  font-size: 0.85rem;
  color: ${theme.colors.danger};
`;

export const FieldHint = styled.p`
  margin: 0;
  font-size: 0.85rem;
  color: ${theme.colors.subtle};
`;

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  /** The field's problem; tied to the input with aria-describedby and aria-invalid. */
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
}

/** A labelled input whose hint and error are read with it. */
export function TextField({ label, error, hint, optional, ...inputProps }: TextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <Field>
      <Label htmlFor={id}>
        {label}
        {optional && <span className="optional"> (optional)</span>}
      </Label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...inputProps}
      />
      {hint && <FieldHint id={hintId}>{hint}</FieldHint>}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </Field>
  );
}

/** Two fields side by side from medium screens up, stacked on phones. */
export const FieldRow = styled.div`
  display: grid;
  gap: 1rem;
  align-items: start;
  @media (min-width: 480px) {
    grid-template-columns: 1fr 1fr;
  }
`;

export const FormStack = styled.form`
  display: grid;
  gap: 1rem;
`;
