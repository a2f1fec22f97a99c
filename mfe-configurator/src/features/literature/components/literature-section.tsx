import styled from 'styled-components';
import { MATERIAL_LABELS, MATERIALS, type Material } from '@shop/contracts/label-options';
import { Collapsible } from '../../../components/collapsible';
import { focusRing, fromMedium, theme } from '@shop/ui';
import { assetUrl } from '../../../lib/asset-url';

/** The safety data sheet of a material, shipped in this remote's build (public/literature/). */
export function safetyDataSheetUrl(material: Material): string {
  return assetUrl(`literature/${material}-sds.pdf`);
}

const Intro = styled.p`
  margin: 0 0 1rem;
  color: ${theme.colors.muted};
  font-size: 0.95rem;
`;

const List = styled.ul`
  display: grid;
  gap: 0.75rem;
  margin: 0;
  padding: 0;
  list-style: none;
  ${fromMedium} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

const Sheet = styled.a`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  min-height: 3.5rem;
  padding: 0.75rem 1rem;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radiusSmall};
  color: ${theme.colors.ink};
  text-decoration: none;
  &:hover {
    border-color: ${theme.colors.subtle};
    background: ${theme.colors.sunken};
  }
  &:focus-visible {
    ${focusRing}
  }
  strong {
    display: block;
    font-size: 0.95rem;
  }
  small {
    color: ${theme.colors.muted};
  }
`;

const PdfMark = styled.span`
  display: grid;
  place-items: center;
  flex: none;
  width: 2.25rem;
  height: 2.75rem;
  border-radius: 0.25rem;
  background: ${theme.colors.dangerSoft};
  color: ${theme.colors.danger};
  font-size: 0.7rem;
  font-weight: 800;
`;

/** Downloadable safety data sheets, one per material. */
export function LiteratureSection() {
  return (
    <Collapsible title="Literature">
      <Intro>
        Safety data sheets for the materials we engrave, for your records and site inductions.
      </Intro>
      <List>
        {MATERIALS.map((material) => (
          <li key={material}>
            <Sheet
              href={safetyDataSheetUrl(material)}
              download={`${material}-sds.pdf`}
              target="_blank"
              rel="noopener"
            >
              <PdfMark aria-hidden="true">PDF</PdfMark>
              <span>
                <strong>{MATERIAL_LABELS[material].name} safety data sheet</strong>
                <small>PDF download</small>
              </span>
            </Sheet>
          </li>
        ))}
      </List>
    </Collapsible>
  );
}
