import styled from 'styled-components';
import { MOUNTING_LABELS, MOUNTINGS, type Mounting } from '@shop/contracts/label-options';
import { MOUNTING_SURCHARGE_CENTS } from '@shop/contracts/pricing';
import { formatDollars } from '@shop/contracts/money';
import { FormSection } from '../../../components/form-section';
import { RadioCard } from '../../../components/radio-card';
import { fromMedium, theme } from '@shop/ui';

const MOUNTING_DETAILS: Record<Mounting, string> = {
  'no-mounting': 'A plain back, for fixing your own way.',
  'mounting-holes': 'Pre-drilled corner holes for screws or rivets.',
  adhesive: 'Industrial adhesive backing: peel and stick.',
};

const Grid = styled.div`
  display: grid;
  gap: 0.75rem;
  ${fromMedium} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

const Name = styled.span`
  padding-right: 1.75rem;
  font-weight: 700;
  color: ${theme.colors.ink};
`;

const Detail = styled.span`
  font-size: 0.875rem;
  color: ${theme.colors.muted};
`;

const Surcharge = styled.span`
  margin-top: auto;
  padding-top: 0.25rem;
  font-size: 0.875rem;
  font-weight: 600;
  color: ${theme.colors.ink};
`;

export function surchargeText(mounting: Mounting): string {
  const cents = MOUNTING_SURCHARGE_CENTS[mounting];
  return cents === 0 ? 'No extra charge' : `+${formatDollars(cents / 100)} per label`;
}

interface MountingPickerProps {
  value: Mounting;
  onChange(mounting: Mounting): void;
}

export function MountingPicker({ value, onChange }: MountingPickerProps) {
  return (
    <FormSection step={4} title="Mounting" description="How the label is fixed to your equipment.">
      <Grid>
        {MOUNTINGS.map((mounting) => (
          <RadioCard
            key={mounting}
            name="mounting"
            value={mounting}
            checked={value === mounting}
            onChange={() => onChange(mounting)}
          >
            <Name>{MOUNTING_LABELS[mounting]}</Name>
            <Detail>{MOUNTING_DETAILS[mounting]}</Detail>
            <Surcharge>{surchargeText(mounting)}</Surcharge>
          </RadioCard>
        ))}
      </Grid>
    </FormSection>
  );
}
