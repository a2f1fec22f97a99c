import styled from 'styled-components';
import { ENGRAVING_FONT, MIN_CAP_HEIGHT_INCHES, labelLayout } from '@shop/contracts/label-layout';
import {
  COLOR_SWATCHES,
  SIZE_MAX_INCHES,
  SIZE_MIN_INCHES,
  type Color,
  type Mounting,
} from '@shop/contracts/label-options';
import { theme } from './theme';

export const PREVIEW_PLACEHOLDER = 'SAMPLE TEXT';

/** Drawing units per inch (SVG text renders poorly at font sizes below one unit). */
const UNIT = 100;
/** Drawn before a size is typed: a common 3 x 2 label. */
const DEFAULT_SIZE = { width: 3, height: 2 };

const Figure = styled.figure<{ $small: boolean }>`
  display: grid;
  gap: 0.75rem;
  margin: 0;
  padding: ${({ $small }) => ($small ? '0.75rem' : '1.25rem')};
  border-radius: ${theme.radius};
  background:
    radial-gradient(circle at 1px 1px, rgb(15 23 42 / 0.08) 1px, transparent 0) 0 0 / 14px 14px,
    ${theme.colors.sunken};
`;

const Stage = styled.div<{ $small: boolean }>`
  display: grid;
  place-items: center;
  min-height: ${({ $small }) => ($small ? '6rem' : '11rem')};
`;

const Drawing = styled.svg<{ $small: boolean }>`
  display: block;
  width: 100%;
  max-width: ${({ $small }) => ($small ? '14rem' : '26rem')};
  height: auto;
  max-height: ${({ $small }) => ($small ? '8rem' : '14rem')};
  overflow: visible;
  filter: drop-shadow(0 6px 12px rgb(15 23 42 / 0.18));
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

const Warning = styled.p`
  margin: 0;
  padding: 0.5rem 0.75rem;
  border-radius: ${theme.radiusSmall};
  border: 1px solid ${theme.colors.danger};
  background: ${theme.colors.dangerSoft};
  color: ${theme.colors.danger};
  font-size: 0.9rem;
`;

interface LabelPreviewProps {
  color: Color;
  customText: string;
  width?: number;
  height?: number;
  mounting: Mounting;
  /** Smaller stage, for a list of lines (an order's page); the configurator draws it full size. */
  size?: 'regular' | 'small';
}

function drawable(value: number): number {
  return Math.min(Math.max(value, SIZE_MIN_INCHES), SIZE_MAX_INCHES);
}

/**
 * The label drawn to scale from the same layout as the server's proof (labelLayout): its colours, its
 * text (or SAMPLE TEXT) at the size that fits, its holes or adhesive backing. The one drawing of a
 * label in the apps: the configurator and the order page both use it.
 */
export function LabelPreview({
  color,
  customText,
  width,
  height,
  mounting,
  size: drawnSize = 'regular',
}: LabelPreviewProps) {
  const small = drawnSize === 'small';
  const swatch = COLOR_SWATCHES[color];
  const placeholder = customText.trim() === '';
  const text = placeholder ? PREVIEW_PLACEHOLDER : customText;
  const sized = width !== undefined && height !== undefined && width > 0 && height > 0;
  // A size outside what is sold is drawn at the nearest size that is; the caption gives the real one.
  const size = sized ? { width: drawable(width), height: drawable(height) } : DEFAULT_SIZE;
  const layout = labelLayout({ ...size, color, mounting, customText: text });
  const w = layout.width * UNIT;
  const h = layout.height * UNIT;
  const warn = !placeholder && layout.textTooSmall;
  return (
    <Figure
      $small={small}
      data-testid="label-preview"
      aria-label={`Preview: ${text}, ${swatch.name}`}
    >
      <Stage $small={small}>
        <Drawing
          $small={small}
          viewBox={`0 0 ${w} ${h}`}
          aria-hidden="true"
          fontFamily={ENGRAVING_FONT.family}
          fontWeight={ENGRAVING_FONT.weight}
        >
          {layout.adhesive && (
            <rect
              x={-4}
              y={-4}
              width={w + 8}
              height={h + 8}
              rx={Math.min(6.25, w / 10) + 4}
              fill="none"
              stroke={theme.colors.subtle}
              strokeWidth={1.5}
              strokeDasharray="6 4"
              vectorEffect="non-scaling-stroke"
            />
          )}
          <rect
            data-testid="label-preview-plate"
            width={w}
            height={h}
            rx={Math.min(6.25, w / 10)}
            fill={layout.colors.background}
            stroke="rgb(15 23 42 / 0.25)"
            strokeWidth={1}
            vectorEffect="non-scaling-stroke"
          />
          {layout.holes.map((hole) => (
            <circle
              key={`${hole.x},${hole.y}`}
              cx={hole.x * UNIT}
              cy={hole.y * UNIT}
              r={hole.radius * UNIT}
              fill={theme.colors.sunken}
              stroke="rgb(15 23 42 / 0.45)"
              strokeWidth={1}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          <g data-testid="label-preview-text" fill={layout.colors.text}>
            {layout.lines.map((line, index) =>
              line.text.trim() === '' ? null : (
                <text
                  key={index}
                  x={line.x * UNIT}
                  y={line.y * UNIT}
                  fontSize={layout.fontSize * UNIT}
                  textAnchor="middle"
                  textLength={line.width * UNIT}
                  lengthAdjust="spacingAndGlyphs"
                  style={{ whiteSpace: 'pre' }}
                >
                  {line.text}
                </text>
              ),
            )}
          </g>
        </Drawing>
      </Stage>
      {warn && (
        <Warning role="status">
          Text too small to engrave legibly: capital letters would be {layout.capHeight.toFixed(3)}″
          high, the minimum is {MIN_CAP_HEIGHT_INCHES}″. Shorten the text, use fewer lines or choose
          a larger label.
        </Warning>
      )}
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
