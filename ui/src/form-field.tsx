import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import styled, { css } from 'styled-components';
import { theme } from './theme';

/** A label, its control, hint and error, stacked. */
export const Field = styled.div`
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
  /* The control token keeps 3:1 against white (WCAG 1.4.11, non-text contrast). */
  border: 1px solid ${theme.colors.control};
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

export const Input = styled.input`
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
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input whose hint and error are read with it. */
export function TextField({
  label,
  error,
  hint,
  optional,
  className,
  ...inputProps
}: TextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <Field className={className}>
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
    grid-template-columns: repeat(auto-fit, minmax(10rem, 1fr));
  }
`;

export const FormStack = styled.form`
  display: grid;
  gap: 1rem;
`;

export const Select = styled.select`
  ${controlStyles}
  appearance: none;
  padding-right: 2.25rem;
  background-image: url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='16' height='16' viewBox='0 0 24 24' fill='none' stroke='%23475569' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='M6 9l6 6 6-6'/%3E%3C/svg%3E");
  background-repeat: no-repeat;
  background-position: right 0.75rem center;
`;

export const TextArea = styled.textarea`
  ${controlStyles}
  min-height: 5rem;
  resize: vertical;
`;

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
}

export function SelectField({ label, error, hint, children, ...selectProps }: SelectFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      <Select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        {...selectProps}
      >
        {children}
      </Select>
      {hint && <FieldHint id={hintId}>{hint}</FieldHint>}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </Field>
  );
}

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
}

export function TextAreaField({ label, error, hint, optional, ...areaProps }: TextAreaFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <Field>
      <Label htmlFor={id}>
        {label}
        {optional && <span className="optional"> (optional)</span>}
      </Label>
      <TextArea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        {...areaProps}
      />
      {hint && <FieldHint id={hintId}>{hint}</FieldHint>}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </Field>
  );
}

const CheckboxLabel = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 0.625rem;
  min-height: 2.75rem;
  font-weight: 600;
  cursor: pointer;
  input {
    width: 1.25rem;
    height: 1.25rem;
    margin: 0;
    accent-color: ${theme.colors.brand};
    cursor: pointer;
  }
  input:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
}

export function CheckboxField({ label, ...inputProps }: CheckboxFieldProps) {
  return (
    <CheckboxLabel>
      <input type="checkbox" {...inputProps} />
      {label}
    </CheckboxLabel>
  );
}
