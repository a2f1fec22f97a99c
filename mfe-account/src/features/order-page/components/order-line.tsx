import { Fragment, useMemo } from 'react';
import styled from 'styled-components';
import { seriesLabel, variableDataTerms } from '@shop/contracts/asset-tag-terms';
import type { OrderItem } from '@shop/contracts/orders';
import { colorName, formatDollars, fromMedium, LineName, mountingName, theme } from '@shop/ui';
import { LabelPreview } from '@shop/ui/label-preview';
import { useCodeSymbols } from '@shop/ui/code-symbols';
import { engravedArtworkOf } from '@shop/contracts/label-layout';
import { formatCount } from '@shop/contracts/money';

const Line = styled.li`
  display: grid;
  gap: 1rem;
  padding: 1.25rem 0;
  border-bottom: 1px solid ${theme.colors.border};
  &:first-child {
    padding-top: 0;
  }
  &:last-child {
    padding-bottom: 0;
    border-bottom: 0;
  }
  ${fromMedium} {
    grid-template-columns: minmax(14rem, 18rem) 1fr;
    align-items: start;
  }
`;

const Details = styled.div`
  display: grid;
  gap: 0.5rem;
  min-width: 0;
  h3 {
    margin: 0;
    font-size: 1.05rem;
    color: ${theme.colors.ink};
  }
  dl {
    display: grid;
    grid-template-columns: auto 1fr;
    gap: 0.25rem 0.75rem;
    margin: 0;
    font-size: 0.925rem;
  }
  dt {
    color: ${theme.colors.muted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
    white-space: pre-line;
  }
  ul {
    margin: 0;
    padding-left: 1.1rem;
  }
`;

const Price = styled.p`
  margin: 0.25rem 0 0;
  font-variant-numeric: tabular-nums;
  strong {
    font-size: 1.05rem;
  }
  span {
    color: ${theme.colors.muted};
  }
`;

/** A placed order's label is changed through its proof (while it is asked), not in the configurator. */
export const PROOF_TOO_SMALL_ADVICE =
  'Nothing is engraved before you approve the proof: ask for changes on it (shorter text or fewer lines).';

/**
 * The line's "Text": the text engraved (the proof's current revision's), and what was ordered when a
 * revision changed it (docs/product.md section 4: "The engraved text is the last revision's").
 */
export function engravedTextTerm(ordered: string, engraved: string): string {
  const shown = engraved.trim() ? engraved : 'None';
  if (engraved === ordered) return shown;
  return `${shown} (changed on the proof; ordered as ${ordered.trim() ? ordered : 'no text'})`;
}

/** One ordered label: drawn as the configurator draws it, with its configuration, artwork and price. */
export function OrderLine({
  item,
  position,
  proofAsked,
  engravedText = null,
  artworkPath,
}: {
  item: OrderItem;
  position: number;
  /** Whether the order waits for its payment or its proof's approval, so its labels can still change. */
  proofAsked: boolean;
  /** The text the proof's current revision engraves (null until the proof is read: as ordered). */
  engravedText?: string | null;
  /** Where the page reads one of the line's files (its engraved image, drawn on the label). */
  artworkPath: (hashedName: string) => string;
}) {
  const ordered = item.productConfig;
  // Drawn and described with the engraved text; the price stays the order's.
  const config = { ...ordered, customText: engravedText ?? ordered.customText };
  const headingId = `order-line-${position}`;
  const engraved = engravedArtworkOf(item.files);
  const seriesLine = {
    customText: config.customText,
    series: config.series ?? null,
    code: config.code ?? null,
  };
  // A series is drawn as its first label: its text and its code's value with the first number; a
  // spreadsheet's as its first row, which the line keeps (a line kept before it did: the plate and
  // its code's place outlined).
  const first = config.series
    ? seriesLabel(seriesLine, 0)
    : config.rows
      ? (config.rows.firstLabel ?? { text: '', codeValue: null })
      : { text: config.customText, codeValue: config.code?.value ?? null };
  // The code drawn by bwip-js, as the configurator draws it (a chunk fetched once a line has a code).
  const symbols = useCodeSymbols(config.code?.type ?? null);
  const symbol = useMemo(
    () => symbols.symbolOf(first.codeValue),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [config.code?.type, first.codeValue, symbols.ready],
  );
  return (
    <Line aria-labelledby={headingId} data-testid="order-line">
      <LabelPreview
        color={config.color}
        // A series or a spreadsheet is drawn as its first label; its range is named beside it.
        customText={first.text}
        code={
          config.code && {
            type: config.code.type,
            placement: config.code.placement,
            symbol,
          }
        }
        material={config.material}
        width={config.width}
        height={config.height}
        mounting={config.mounting}
        // Its engraved image, where the proof draws it.
        artwork={engraved && { name: engraved.originalName, src: artworkPath(engraved.hashedName) }}
        tooSmallAdvice={proofAsked ? PROOF_TOO_SMALL_ADVICE : ''}
      />
      <Details>
        <h3 id={headingId}>
          <LineName material={config.material} width={config.width} height={config.height} />
        </h3>
        <dl>
          <dt>Colour</dt>
          <dd>{colorName(config.color)}</dd>
          <dt>Mounting</dt>
          <dd>{mountingName(config.mounting)}</dd>
          {!config.rows && (
            <>
              <dt>Text</dt>
              <dd data-testid="order-line-engraved-text">
                {engravedTextTerm(ordered.customText, config.customText)}
              </dd>
            </>
          )}
          {variableDataTerms(config, item.quantity).map(([term, detail]) => (
            <Fragment key={term}>
              <dt>{term}</dt>
              <dd data-testid={`order-line-${term.toLowerCase()}`}>{detail}</dd>
            </Fragment>
          ))}
          <dt>Artwork</dt>
          <dd>
            {item.files.length === 0 ? (
              'None'
            ) : (
              <ul aria-label="Artwork files">
                {item.files.map((file) => (
                  <li key={file.hashedName}>{file.originalName}</li>
                ))}
              </ul>
            )}
          </dd>
        </dl>
        <Price>
          <strong>{formatDollars(item.totalPrice)}</strong>{' '}
          <span>
            ({formatCount(item.quantity)} × {formatDollars(item.unitPrice)})
          </span>
        </Price>
      </Details>
    </Line>
  );
}
