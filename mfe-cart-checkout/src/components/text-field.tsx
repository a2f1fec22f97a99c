import { useId, type InputHTMLAttributes, type Ref } from 'react';
import styled from 'styled-components';
import { tokens } from '../lib/theme';

const Field = styled.div`
  display: grid;
  gap: 0.375rem;
  min-width: 0;
`;

const Label = styled.label`
  font-size: 0.9rem;
  font-weight: 600;
  color: ${tokens.colors.ink};
`;

const Optional = styled.span`
  font-weight: 400;
  color: ${tokens.colors.subtle};
`;

export const Input = styled.input`
  width: 100%;
  min-height: 2.75rem;
  padding: 0.5rem 0.75rem;
  border: 1px solid ${tokens.colors.borderStrong};
  border-radius: ${tokens.radiusSmall};
  background: ${tokens.colors.surface};
  color: ${tokens.colors.ink};
  font: inherit;
  font-size: 1rem;
  &::placeholder {
    color: ${tokens.colors.subtle};
  }
  &:focus {
    outline: none;
    border-color: ${tokens.colors.focus};
    box-shadow: 0 0 0 3px rgb(37 99 235 / 0.25);
  }
  &[aria-invalid='true'] {
    border-color: ${tokens.colors.danger};
  }
  &[aria-invalid='true']:focus {
    box-shadow: 0 0 0 3px rgb(185 28 28 / 0.2);
  }
`;

export const FieldError = styled.p`
  margin: 0;
  font-size: 0.85rem;
  color: ${tokens.colors.danger};
`;

const Hint = styled.p`
  margin: 0;
  font-size: 0.85rem;
  color: ${tokens.colors.subtle};
`;

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string | undefined;
  hint?: string;
  optional?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input; its hint and error are tied to it with aria-describedby. */
export function TextField({
  label,
  error,
  hint,
  optional,
  ref,
  className,
  ...input
}: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy =
    [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <Field className={className}>
      <Label htmlFor={id}>
        {label}
        {optional && <Optional> (optional)</Optional>}
      </Label>
      <Input
        id={id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        aria-required={optional ? undefined : true}
        {...input}
      />
      {hint && <Hint id={hintId}>{hint}</Hint>}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </Field>
  );
}
