import styled from 'styled-components';
import { COLOR_SWATCHES, COLORS, type Color } from '@shop/contracts/label-options';
import { FormSection } from '../../../components/form-section';
import { RadioCard } from '../../../components/radio-card';
import { theme } from '@shop/ui';

const Options = styled.div`
  display: grid;
  /* As many columns as fit a chip, the longest name and the check. */
  grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr));
  gap: 0.5rem;
`;

const Chip = styled.span<{ $background: string; $text: string }>`
  display: grid;
  place-items: center;
  flex: none;
  width: 2.25rem;
  height: 1.75rem;
  border-radius: 0.3rem;
  background: ${({ $background }) => $background};
  color: ${({ $text }) => $text};
  box-shadow: inset 0 0 0 1px rgb(15 23 42 / 0.2);
  font-size: 0.8rem;
  font-weight: 800;
`;

const Name = styled.span`
  font-weight: 600;
  font-size: 0.9rem;
  color: ${theme.colors.ink};
`;

interface ColorPickerProps {
  value: Color;
  onChange(color: Color): void;
}

export function ColorPicker({ value, onChange }: ColorPickerProps) {
  return (
    <FormSection step={3} title="Colours" description="Background and engraved text colour.">
      <Options>
        {COLORS.map((color) => {
          const swatch = COLOR_SWATCHES[color];
          return (
            <RadioCard
              key={color}
              name="color"
              value={color}
              checked={value === color}
              onChange={() => onChange(color)}
              layout="row"
            >
              <Chip aria-hidden="true" $background={swatch.background} $text={swatch.text}>
                Aa
              </Chip>
              <Name>{swatch.name}</Name>
            </RadioCard>
          );
        })}
      </Options>
    </FormSection>
  );
}
