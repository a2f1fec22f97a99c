import { useId } from 'react';
import styled from 'styled-components';
import { SIZE_MAX_INCHES, SIZE_MIN_INCHES, SIZE_STEP_INCHES } from '@shop/contracts/label-options';
import { Field, FieldError, FieldHint, Input, Label, theme } from '@shop/ui';
import { FormSection } from '../../../components/form-section';

const Row = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 0.75rem 1rem;
  margin-bottom: 0.375rem;
`;

const Unit = styled.div`
  position: relative;
  input {
    padding-right: 2.25rem;
  }
  span {
    position: absolute;
    right: 0.75rem;
    top: 50%;
    transform: translateY(-50%);
    color: ${theme.colors.muted};
    pointer-events: none;
  }
`;

interface SizeFieldsProps {
  width: string;
  height: string;
  errors: { width?: string; height?: string };
  onChange(size: { width?: string; height?: string }): void;
  onBlur(field: 'width' | 'height'): void;
}

export function SizeFields({ width, height, errors, onChange, onBlur }: SizeFieldsProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const field = (name: 'width' | 'height', label: string, value: string) => {
    const errorId = `${id}-${name}-error`;
    return (
      <Field>
        <Label htmlFor={`${id}-${name}`}>{label}</Label>
        <Unit>
          <Input
            id={`${id}-${name}`}
            name={name}
            type="number"
            inputMode="decimal"
            min={SIZE_MIN_INCHES}
            max={SIZE_MAX_INCHES}
            step={SIZE_STEP_INCHES}
            value={value}
            onChange={(event) => onChange({ [name]: event.target.value })}
            onBlur={() => onBlur(name)}
            aria-invalid={errors[name] ? true : undefined}
            aria-describedby={errors[name] ? `${errorId} ${hintId}` : hintId}
          />
          <span aria-hidden="true">in</span>
        </Unit>
        {errors[name] && <FieldError id={errorId}>{errors[name]}</FieldError>}
      </Field>
    );
  };
  return (
    <FormSection step={2} title="Size" description="Width and height in inches.">
      <Row>
        {field('width', 'Width (inches)', width)}
        {field('height', 'Height (inches)', height)}
      </Row>
      <FieldHint id={hintId}>
        From {SIZE_MIN_INCHES} to {SIZE_MAX_INCHES} inches per side, in steps of {SIZE_STEP_INCHES}.
      </FieldHint>
    </FormSection>
  );
}
