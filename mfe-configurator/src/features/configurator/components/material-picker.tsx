import styled from 'styled-components';
import { MATERIAL_LABELS, MATERIALS, type Material } from '@shop/contracts/label-options';
import { MATERIAL_RATE_CENTS, SETUP_CENTS } from '@shop/contracts/pricing';
import { formatDollars } from '@shop/contracts/money';
import { FormSection } from '../../../components/form-section';
import { RadioCard } from '../../../components/radio-card';
import { fromMedium, theme } from '@shop/ui';

/** Where each material is at home, and a surface that hints at how it looks. */
const MATERIAL_TRAITS: Record<Material, { use: string; surface: string }> = {
  indoor: {
    use: 'Indoor use',
    surface: 'linear-gradient(135deg, #e2e8f0 0%, #f8fafc 45%, #cbd5e1 100%)',
  },
  phenolic: {
    use: 'Industrial',
    surface: 'linear-gradient(135deg, #1e293b 0%, #475569 50%, #0f172a 100%)',
  },
  'uv-resistant': {
    use: 'Outdoor',
    surface: 'linear-gradient(135deg, #fde68a 0%, #f59e0b 55%, #b45309 100%)',
  },
};

const Grid = styled.div`
  display: grid;
  gap: 0.75rem;
  ${fromMedium} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

const Surface = styled.span<{ $surface: string }>`
  display: block;
  height: 3rem;
  margin-bottom: 0.5rem;
  margin-right: 2rem;
  border-radius: 0.375rem;
  background: ${({ $surface }) => $surface};
  box-shadow: inset 0 0 0 1px rgb(15 23 42 / 0.12);
`;

const Name = styled.span`
  font-weight: 700;
  font-size: 1.0625rem;
  color: ${theme.colors.ink};
`;

const Tag = styled.span`
  align-self: flex-start;
  padding: 0.125rem 0.5rem;
  border-radius: 999px;
  background: ${theme.colors.brandSoft};
  color: ${theme.colors.brand};
  font-size: 0.75rem;
  font-weight: 700;
  letter-spacing: 0.02em;
  text-transform: uppercase;
`;

const Description = styled.span`
  font-size: 0.875rem;
  color: ${theme.colors.muted};
`;

const Rate = styled.span`
  margin-top: auto;
  padding-top: 0.375rem;
  font-size: 0.875rem;
  font-weight: 600;
  color: ${theme.colors.ink};
`;

interface MaterialPickerProps {
  value: Material | null;
  onChange(material: Material): void;
}

export function MaterialPicker({ value, onChange }: MaterialPickerProps) {
  return (
    <FormSection
      step={1}
      title="Material"
      description={`Pick the stock your label is engraved in; the rest of the options open once you do. A label costs ${formatDollars(SETUP_CENTS / 100)} to set up, plus its area at its material's rate.`}
    >
      <Grid>
        {MATERIALS.map((material, index) => (
          <RadioCard
            key={material}
            name="material"
            value={material}
            checked={value === material}
            // One Tab stop for the group, as a radio group is: the chosen material, or the first
            // before one is chosen (without it Chromium stopped on two of them), arrows between.
            tabIndex={(value === null ? index === 0 : value === material) ? 0 : -1}
            onChange={() => onChange(material)}
          >
            <Surface aria-hidden="true" $surface={MATERIAL_TRAITS[material].surface} />
            <Tag>{MATERIAL_TRAITS[material].use}</Tag>
            <Name>{MATERIAL_LABELS[material].name}</Name>
            <Description>{MATERIAL_LABELS[material].description}</Description>
            <Rate>{formatDollars(MATERIAL_RATE_CENTS[material] / 100)} per sq in</Rate>
          </RadioCard>
        ))}
      </Grid>
    </FormSection>
  );
}
