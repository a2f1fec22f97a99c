// The dashboard's charts, drawn with visx (scales and bars) as SVG. Each is an image with a title and
// a summary for screen readers; its numbers are in a table beside it (dashboard-panel.tsx), so the
// drawing adds nothing a reader would miss.
import { useId } from 'react';
import styled from 'styled-components';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { theme } from '@shop/ui';
import { useWidth } from './use-width';

const Frame = styled.div`
  width: 100%;
  svg {
    display: block;
    overflow: visible;
  }
  text {
    font-family: ${theme.fonts.body};
    fill: ${theme.colors.muted};
  }
`;

export interface ChartPoint {
  key: string;
  /** Under the bar (a day, an hour, a status). */
  label: string;
  value: number;
  /** The value as written in the summary and beside a bar ("$1,234.50"). */
  valueText: string;
}

interface ChartProps {
  title: string;
  points: ChartPoint[];
  /** A short reading of the whole chart for screen readers. */
  summary: string;
}

/**
 * Bars standing on a time axis (revenue by day or by hour), a few value lines behind them. A value
 * below zero (a day whose refunds were more than its sales: a refund is the day's it was made on)
 * hangs below the zero line.
 */
export function ColumnChart({
  title,
  points,
  summary,
  height = 220,
  axisText,
  least = 0,
}: ChartProps & {
  height?: number;
  axisText: (value: number) => string;
  /** The axis reaches at least this far (a period of nothing still reads in whole dollars). */
  least?: number;
}) {
  const { ref, width } = useWidth<HTMLDivElement>(600);
  const titleId = useId();
  const descId = useId();
  const margin = { top: 12, right: 8, bottom: 28, left: 56 };
  const innerWidth = Math.max(0, width - margin.left - margin.right);
  const innerHeight = height - margin.top - margin.bottom;
  const max = Math.max(0, ...points.map((point) => point.value));
  const min = Math.min(0, ...points.map((point) => point.value));
  const x = scaleBand<string>({
    domain: points.map((point) => point.key),
    range: [0, innerWidth],
    padding: points.length > 40 ? 0.15 : 0.25,
  });
  const y = scaleLinear<number>({
    domain: [min, Math.max(max, least) || 1],
    range: [innerHeight, 0],
    nice: true,
  });
  const zero = y(0);
  // As many labels under the axis as fit, evenly spread, the last always shown (and the one before
  // it left out when it would touch it). The last ends at its bar's right edge: centred, a label wider
  // than the bar reached past the drawing, and on a phone past the page's edge ("11 PM" under a 9 px
  // bar), so the page scrolled sideways at some hours of the day and not others.
  const fit = Math.max(1, Math.floor(innerWidth / 64));
  const every = Math.max(1, Math.ceil(points.length / fit));
  const last = points.length - 1;
  const labelled = (index: number) =>
    index === last || (index % every === 0 && (every === 1 || last - index >= every));
  return (
    <Frame ref={ref}>
      <svg width={width} height={height} role="img" aria-labelledby={`${titleId} ${descId}`}>
        <title id={titleId}>{title}</title>
        <desc id={descId}>{summary}</desc>
        <Group left={margin.left} top={margin.top}>
          {y.ticks(4).map((tick) => (
            <g key={tick}>
              <line
                x1={0}
                x2={innerWidth}
                y1={y(tick)}
                y2={y(tick)}
                stroke={theme.colors.border}
                strokeWidth={1}
              />
              <text x={-8} y={y(tick)} dy="0.32em" textAnchor="end" fontSize={12}>
                {axisText(tick)}
              </text>
            </g>
          ))}
          {points.map((point) => {
            const at = y(point.value);
            return (
              <Bar
                key={point.key}
                x={x(point.key)}
                y={Math.min(at, zero)}
                width={x.bandwidth()}
                height={Math.abs(zero - at)}
                fill={theme.colors.brand}
                rx={Math.min(3, x.bandwidth() / 4)}
              />
            );
          })}
          <line x1={0} x2={innerWidth} y1={zero} y2={zero} stroke={theme.colors.control} />
          {points.map((point, index) =>
            labelled(index) ? (
              <text
                key={point.key}
                x={(x(point.key) ?? 0) + x.bandwidth() / (index === last ? 1 : 2)}
                y={innerHeight + 18}
                textAnchor={index === last ? 'end' : 'middle'}
                fontSize={12}
              >
                {point.label}
              </text>
            ) : null,
          )}
        </Group>
      </svg>
    </Frame>
  );
}

/** One bar per row, its label above it and its value at its end (statuses, materials). */
export function BarList({ title, points, summary, color }: ChartProps & { color?: string }) {
  const { ref, width } = useWidth<HTMLDivElement>(400);
  const titleId = useId();
  const descId = useId();
  const row = 44;
  const barHeight = 14;
  const valueWidth = 96;
  const height = Math.max(row, points.length * row);
  const max = Math.max(0, ...points.map((point) => point.value));
  const length = scaleLinear<number>({
    domain: [0, max || 1],
    range: [0, Math.max(0, width - valueWidth)],
  });
  return (
    <Frame ref={ref}>
      <svg width={width} height={height} role="img" aria-labelledby={`${titleId} ${descId}`}>
        <title id={titleId}>{title}</title>
        <desc id={descId}>{summary}</desc>
        {points.map((point, index) => (
          <Group key={point.key} top={index * row}>
            <text x={0} y={14} fontSize={13} fill={theme.colors.ink}>
              {point.label}
            </text>
            <rect
              x={0}
              y={20}
              width={Math.max(0, width - valueWidth)}
              height={barHeight}
              rx={3}
              fill={theme.colors.sunken}
            />
            <Bar
              x={0}
              y={20}
              width={length(point.value)}
              height={barHeight}
              rx={3}
              fill={color ?? theme.colors.brand}
            />
            <text x={width - valueWidth + 8} y={32} fontSize={13} fill={theme.colors.ink}>
              {point.valueText}
            </text>
          </Group>
        ))}
      </svg>
    </Frame>
  );
}
