import styled from 'styled-components';
import { COLOR_SWATCHES, type Color, type Mounting } from '@shop/contracts/label-options';
import { theme } from '../../../components/theme';

export const PREVIEW_PLACEHOLDER = 'SAMPLE TEXT';

const Figure = styled.figure`
  display: grid;
  gap: 0.75rem;
  margin: 0;
  padding: 1.25rem;
  border-radius: ${theme.radius};
  background:
    radial-gradient(circle at 1px 1px, rgb(15 23 42 / 0.08) 1px, transparent 0) 0 0 / 14px 14px,
    ${theme.colors.sunken};
`;

const Stage = styled.div`
  display: grid;
  place-items: center;
  min-height: 11rem;
  container-type: inline-size;
`;

const Plate = styled.div<{ $background: string; $text: string; $ratio: number }>`
  position: relative;
  display: grid;
  place-items: center;
  width: ${({ $ratio }) => ($ratio >= 1 ? '100%' : `${Math.max($ratio * 100, 38)}%`)};
  max-width: 26rem;
  aspect-ratio: ${({ $ratio }) => $ratio};
  max-height: 14rem;
  padding: 0.75rem 1.25rem;
  border-radius: 0.5rem;
  background: ${({ $background }) => $background};
  color: ${({ $text }) => $text};
  box-shadow:
    0 1px 0 rgb(255 255 255 / 0.25) inset,
    0 0 0 1px rgb(15 23 42 / 0.18),
    0 10px 24px rgb(15 23 42 / 0.18);
  overflow: hidden;
`;

const Engraving = styled.p`
  margin: 0;
  max-width: 100%;
  font-family: 'DejaVu Sans', 'Helvetica Neue', Arial, sans-serif;
  font-weight: 700;
  font-size: clamp(0.875rem, 6cqi, 2rem);
  line-height: 1.2;
  letter-spacing: 0.04em;
  text-align: center;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Hole = styled.span<{ $corner: string }>`
  position: absolute;
  width: 0.5rem;
  height: 0.5rem;
  border-radius: 999px;
  background: ${theme.colors.sunken};
  box-shadow: inset 0 1px 2px rgb(15 23 42 / 0.45);
  ${({ $corner }) => $corner}
`;

const Caption = styled.figcaption`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 0.25rem 1rem;
  font-size: 0.9rem;
  color: ${theme.colors.muted};
  strong {
    color: ${theme.colors.ink};
  }
`;

const CORNERS = [
  'top: 0.5rem; left: 0.5rem;',
  'top: 0.5rem; right: 0.5rem;',
  'bottom: 0.5rem; left: 0.5rem;',
  'bottom: 0.5rem; right: 0.5rem;',
];

interface LabelPreviewProps {
  color: Color;
  customText: string;
  width?: number;
  height?: number;
  mounting: Mounting;
}

/** The label drawn in its colours with its text (or SAMPLE TEXT), shaped like the size chosen. */
export function LabelPreview({ color, customText, width, height, mounting }: LabelPreviewProps) {
  const swatch = COLOR_SWATCHES[color];
  const text = customText.trim() === '' ? PREVIEW_PLACEHOLDER : customText;
  const sized = width !== undefined && height !== undefined && width > 0 && height > 0;
  // Very long or tall labels are drawn within bounds; the caption gives the real size.
  const ratio = sized ? Math.min(Math.max(width / height, 0.4), 4) : 1.5;
  return (
    <Figure data-testid="label-preview" aria-label={`Preview: ${text}, ${swatch.name}`}>
      <Stage>
        <Plate $background={swatch.background} $text={swatch.text} $ratio={ratio}>
          {mounting === 'mounting-holes' &&
            CORNERS.map((corner) => <Hole key={corner} $corner={corner} aria-hidden="true" />)}
          <Engraving data-testid="label-preview-text">{text}</Engraving>
        </Plate>
      </Stage>
      <Caption>
        <span>
          Colour: <strong data-testid="label-preview-color">{swatch.name}</strong>
        </span>
        {sized && (
          <span>
            {width.toFixed(2)}″ × {height.toFixed(2)}″
          </span>
        )}
      </Caption>
    </Figure>
  );
}
