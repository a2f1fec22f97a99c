import { useState } from 'react';
import styled from 'styled-components';
import { ENGRAVING_FONT, MIN_CAP_HEIGHT_INCHES, labelLayout } from '@shop/contracts/label-layout';
import { codePathData, fitCode, type CodeSymbol } from '@shop/contracts/label-codes';
import type { CodePlacement, CodeType } from '@shop/contracts/asset-tags';
import type { Material } from '@shop/contracts/label-options';
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

const Figure = styled.figure`
  display: grid;
  gap: 0.75rem;
  margin: 0;
  padding: 0.75rem;
  border-radius: ${theme.radius};
  background:
    radial-gradient(circle at 1px 1px, rgb(15 23 42 / 0.08) 1px, transparent 0) 0 0 / 14px 14px,
    ${theme.colors.sunken};
`;

const Stage = styled.div`
  display: grid;
  place-items: center;
  min-height: 6rem;
`;

const Drawing = styled.svg`
  display: block;
  width: 100%;
  max-width: 14rem;
  height: auto;
  max-height: 8rem;
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

/** The image engraved on the label (engravedArtworkOf), as the preview can draw it. */
export interface PreviewArtwork {
  name: string;
  /** The image to draw (an object URL of the upload); null while it loads or when it is not read. */
  src: string | null;
  /** The upload could not be read, or its content is not an image the browser can show. */
  failed?: boolean;
}

interface LabelPreviewProps {
  color: Color;
  customText: string;
  width?: number;
  height?: number;
  mounting: Mounting;
  /** The image engraved on the label: drawn where the proof draws it (labelLayout's artwork). */
  artwork?: PreviewArtwork | null;
  /**
   * A code on the label: its place comes from the layout; its symbol (bwip-js's drawing, loaded by
   * the page that shows codes) is drawn in it, or the place is outlined while it loads.
   */
  code?: { type: CodeType; placement: CodePlacement; symbol: CodeSymbol | null } | null;
  /** The material, for how large the code's symbol is drawn (its scan rule); phenolic if unknown. */
  material?: Material | null;
  /** What the figure is called for assistive technology, when it is not the text alone. */
  label?: string;
  /** What the shopper can do about text too small to engrave; the configurator's advice by default. */
  tooSmallAdvice?: string;
  /**
   * Text too small to engrave is flagged in one line, not explained: the configurator's pinned
   * preview, whose page explains it by the text field (textTooSmallMessage).
   */
  brief?: boolean;
  /**
   * The layout, when the page has already made it from the same shape (previewLayout): the
   * configurator does, to explain text too small by its field.
   */
  layout?: PreviewLayout;
}

/** The label's shape as the preview draws it: what decides its layout. */
export interface PreviewShape {
  color: Color;
  customText: string;
  width?: number;
  height?: number;
  mounting: Mounting;
  artwork: boolean;
  code: { type: CodeType; placement: CodePlacement } | null;
}

function drawable(value: number): number {
  return Math.min(Math.max(value, SIZE_MIN_INCHES), SIZE_MAX_INCHES);
}

/** What the configurator tells a shopper whose text is too small to engrave. */
export const TOO_SMALL_ADVICE = 'Shorten the text, use fewer lines or choose a larger label.';

/**
 * The layout the preview draws (labelLayout's, the server's proof's) for a label's shape, with
 * whether the shopper's text is still empty (SAMPLE TEXT is drawn) and the size chosen, if any (the
 * caption's: a size outside what is sold is drawn at the nearest one that is).
 */
export function previewLayout({
  customText,
  width,
  height,
  artwork,
  code,
  ...shape
}: PreviewShape) {
  const placeholder = customText.trim() === '';
  const chosenSize =
    width !== undefined && height !== undefined && width > 0 && height > 0
      ? { width, height }
      : null;
  const size = chosenSize
    ? { width: drawable(chosenSize.width), height: drawable(chosenSize.height) }
    : DEFAULT_SIZE;
  const layout = labelLayout({
    ...shape,
    ...size,
    // With an image or a code and no text, they fill the label: SAMPLE TEXT would only crowd it.
    customText: !placeholder ? customText : artwork || code ? '' : PREVIEW_PLACEHOLDER,
    artwork,
    code,
  });
  return { ...layout, placeholder, chosenSize };
}

export type PreviewLayout = ReturnType<typeof previewLayout>;

/**
 * Why the shopper's text (not SAMPLE TEXT) cannot be engraved legibly at this layout, or null; `on`
 * names the label when it is another than the one drawn ("label 10 (“PUMP 10”)").
 */
export function textTooSmallMessage(
  layout: Pick<PreviewLayout, 'textTooSmall' | 'capHeight'>,
  customText: string,
  on?: string,
): string | null {
  if (customText.trim() === '' || !layout.textTooSmall) return null;
  return `Text too small to engrave legibly${on ? ` on ${on}` : ''}: capital letters would be ${layout.capHeight.toFixed(3)}″ high, the minimum is ${MIN_CAP_HEIGHT_INCHES}″.`;
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
  artwork = null,
  code = null,
  material = null,
  label,
  tooSmallAdvice = TOO_SMALL_ADVICE,
  brief = false,
  layout: given,
}: LabelPreviewProps) {
  // An image the browser could not draw (not really a PNG or JPG, or cut short) says so.
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const failed = Boolean(artwork && (artwork.failed || (artwork.src && artwork.src === brokenSrc)));
  const swatch = COLOR_SWATCHES[color];
  const layout =
    given ??
    previewLayout({
      color,
      customText,
      width,
      height,
      mounting,
      artwork: artwork !== null,
      code: code && { type: code.type, placement: code.placement },
    });
  const { placeholder } = layout;
  const text = placeholder ? PREVIEW_PLACEHOLDER : customText;
  const codeBox = layout.code;
  const codeFit =
    code?.symbol && codeBox
      ? fitCode(code.type, code.symbol, codeBox, material ?? 'phenolic')
      : null;
  const box = layout.artwork;
  const w = layout.width * UNIT;
  const h = layout.height * UNIT;
  const tooSmall = textTooSmallMessage(layout, customText);
  return (
    <Figure
      data-testid="label-preview"
      aria-label={
        label ??
        `Preview: ${placeholder && (artwork || code) ? 'no text' : text}${artwork ? `, with ${artwork.name}` : ''}${code ? ', with a code' : ''}, ${swatch.name}`
      }
    >
      <Stage>
        <Drawing
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
          {box && (
            <g
              data-testid="label-preview-artwork"
              data-state={failed ? 'failed' : artwork?.src ? 'shown' : 'loading'}
            >
              <rect
                x={box.x * UNIT}
                y={box.y * UNIT}
                width={box.width * UNIT}
                height={box.height * UNIT}
                fill="none"
                stroke={layout.colors.text}
                strokeOpacity={0.45}
                strokeWidth={1}
                strokeDasharray="4 3"
                vectorEffect="non-scaling-stroke"
              />
              {artwork?.src && !failed && (
                <image
                  href={artwork.src}
                  x={box.x * UNIT}
                  y={box.y * UNIT}
                  width={box.width * UNIT}
                  height={box.height * UNIT}
                  preserveAspectRatio="xMidYMid meet"
                  onError={() => setBrokenSrc(artwork.src)}
                />
              )}
              {failed && (
                <path
                  d={`M${box.x * UNIT} ${box.y * UNIT}L${(box.x + box.width) * UNIT} ${(box.y + box.height) * UNIT}M${(box.x + box.width) * UNIT} ${box.y * UNIT}L${box.x * UNIT} ${(box.y + box.height) * UNIT}`}
                  stroke={layout.colors.text}
                  strokeOpacity={0.45}
                  strokeWidth={1}
                  vectorEffect="non-scaling-stroke"
                />
              )}
            </g>
          )}
          {codeBox && (
            <g
              data-testid="label-preview-code"
              data-state={code?.symbol ? 'shown' : 'loading'}
              fill={layout.colors.text}
            >
              {codeFit && code?.symbol ? (
                <path
                  d={codePathData(code.symbol, {
                    x: codeFit.symbol.x * UNIT,
                    y: codeFit.symbol.y * UNIT,
                    width: codeFit.symbol.width * UNIT,
                    height: codeFit.symbol.height * UNIT,
                  })}
                  fillRule="evenodd"
                />
              ) : (
                <rect
                  x={codeBox.x * UNIT}
                  y={codeBox.y * UNIT}
                  width={codeBox.width * UNIT}
                  height={codeBox.height * UNIT}
                  fill="none"
                  stroke={layout.colors.text}
                  strokeOpacity={0.45}
                  strokeWidth={1}
                  strokeDasharray="4 3"
                  vectorEffect="non-scaling-stroke"
                />
              )}
            </g>
          )}
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
      {artwork && failed && (
        <Warning role="status" data-testid="label-preview-artwork-failed">
          “{artwork.name}” cannot be shown in the preview. It stays with your label, and we check it
          before engraving.
        </Warning>
      )}
      {tooSmall && (
        // Brief, it flags what the page explains and announces by the text field.
        <Warning role={brief ? undefined : 'status'} data-testid="label-preview-too-small">
          {brief ? 'Text too small to engrave legibly' : `${tooSmall} ${tooSmallAdvice}`.trim()}
        </Warning>
      )}
      <Caption>
        <span>
          Colour: <strong data-testid="label-preview-color">{swatch.name}</strong>
        </span>
        {layout.chosenSize && (
          <span>
            {layout.chosenSize.width.toFixed(2)}″ × {layout.chosenSize.height.toFixed(2)}″
          </span>
        )}
      </Caption>
    </Figure>
  );
}
