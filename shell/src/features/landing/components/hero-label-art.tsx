import { COLOR_SWATCHES, type Color } from '@shop/contracts/label-options';

interface PlateSpec {
  color: Color;
  x: number;
  y: number;
  width: number;
  height: number;
  lines: [string, string?];
  /** Font size of the first line; the second is smaller. */
  size: number;
  holes?: boolean;
}

// An equipment panel with labels as the shop engraves them, each in one of the configurator's swatches.
const PLATES: PlateSpec[] = [
  {
    color: 'black-white',
    x: 58,
    y: 60,
    width: 444,
    height: 112,
    lines: ['MAIN DISCONNECT', '480 VAC  ·  3 PHASE  ·  60 HZ'],
    size: 34,
    holes: true,
  },
  {
    color: 'yellow-black',
    x: 58,
    y: 196,
    width: 212,
    height: 104,
    lines: ['CAUTION', 'HOT SURFACE'],
    size: 30,
  },
  {
    color: 'red-white',
    x: 290,
    y: 196,
    width: 212,
    height: 104,
    lines: ['EMERGENCY', 'STOP'],
    size: 24,
  },
  {
    color: 'white-black',
    x: 58,
    y: 324,
    width: 262,
    height: 84,
    lines: ['PUMP 02', 'COOLANT SUPPLY'],
    size: 26,
    holes: true,
  },
  {
    color: 'orange-black',
    x: 340,
    y: 324,
    width: 162,
    height: 84,
    lines: ['LOCKOUT', 'POINT 7'],
    size: 22,
  },
];

const FONT = "Arial, 'Liberation Sans', Helvetica, sans-serif";

function Plate({ color, x, y, width, height, lines, size, holes }: PlateSpec) {
  const swatch = COLOR_SWATCHES[color];
  const lightText = swatch.text === '#ffffff';
  // Engraving cuts through the top layer: light letters get a shadow on their upper edge, dark letters
  // a highlight on their lower edge.
  const groove = lightText
    ? { dy: -1.2, fill: '#000000', opacity: 0.45 }
    : { dy: 1.2, fill: '#ffffff', opacity: 0.55 };
  const [first, second] = lines;
  const centerX = x + width / 2;
  const firstY = second ? y + height * 0.47 : y + height * 0.6;
  const secondSize = Math.round(size * 0.56);
  const secondY = y + height * 0.78;
  const textLines = [
    { text: first, y: firstY, size, weight: 700, spacing: size * 0.08 },
    ...(second
      ? [{ text: second, y: secondY, size: secondSize, weight: 600, spacing: secondSize * 0.12 }]
      : []),
  ];
  return (
    <g data-color={color}>
      <rect
        x={x}
        y={y}
        width={width}
        height={height}
        rx={10}
        fill={swatch.background}
        filter="url(#plate-shadow)"
      />
      <rect x={x} y={y} width={width} height={height} rx={10} fill="url(#plate-sheen)" />
      <rect
        x={x + 4}
        y={y + 4}
        width={width - 8}
        height={height - 8}
        rx={7}
        fill="none"
        stroke={lightText ? '#ffffff' : '#000000'}
        strokeOpacity={lightText ? 0.22 : 0.14}
        strokeWidth={1.5}
      />
      {holes && (
        <>
          <circle cx={x + 20} cy={y + height / 2} r={6} fill="#8a96a3" stroke="#00000040" />
          <circle cx={x + width - 20} cy={y + height / 2} r={6} fill="#8a96a3" stroke="#00000040" />
        </>
      )}
      {textLines.map((line) => (
        <g
          key={line.text}
          fontFamily={FONT}
          fontWeight={line.weight}
          fontSize={line.size}
          letterSpacing={line.spacing}
          textAnchor="middle"
        >
          <text x={centerX} y={line.y + groove.dy} fill={groove.fill} fillOpacity={groove.opacity}>
            {line.text}
          </text>
          <text x={centerX} y={line.y} fill={swatch.text}>
            {line.text}
          </text>
        </g>
      ))}
    </g>
  );
}

function Screw({ cx, cy }: { cx: number; cy: number }) {
  return (
    <g>
      <circle cx={cx} cy={cy} r={9} fill="url(#screw)" stroke="#7b8794" strokeWidth={1} />
      <path
        d={`M${cx - 5} ${cy + 2} L${cx + 5} ${cy - 2}`}
        stroke="#5b6673"
        strokeWidth={2}
        strokeLinecap="round"
      />
    </g>
  );
}

/**
 * The landing page's hero: engraved labels on a brushed steel equipment panel, drawn in the colour
 * swatches the configurator offers (COLOR_SWATCHES), so what shoppers see here is what they can order.
 */
export function HeroLabelArt() {
  return (
    <svg
      viewBox="0 0 560 468"
      role="img"
      aria-labelledby="hero-art-title"
      style={{ width: '100%', height: 'auto' }}
    >
      <title id="hero-art-title">
        Engraved equipment labels on a machine panel: Main Disconnect in black and white, Caution in
        yellow and black, Emergency Stop in red and white, Pump 02 in white and black, Lockout Point
        in orange and black.
      </title>
      <defs>
        <linearGradient id="panel" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f1f4f7" />
          <stop offset="0.55" stopColor="#d9e0e7" />
          <stop offset="1" stopColor="#c3ccd6" />
        </linearGradient>
        <pattern id="brushed" width="6" height="3" patternUnits="userSpaceOnUse">
          <rect width="6" height="1" fill="#ffffff" fillOpacity="0.35" />
        </pattern>
        <linearGradient id="plate-sheen" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffffff" stopOpacity="0.22" />
          <stop offset="0.45" stopColor="#ffffff" stopOpacity="0.04" />
          <stop offset="1" stopColor="#000000" stopOpacity="0.08" />
        </linearGradient>
        <radialGradient id="screw" cx="0.35" cy="0.35" r="0.8">
          <stop offset="0" stopColor="#ffffff" />
          <stop offset="1" stopColor="#9aa5b1" />
        </radialGradient>
        <filter id="plate-shadow" x="-10%" y="-10%" width="120%" height="140%">
          <feDropShadow dx="0" dy="3" stdDeviation="3" floodColor="#0f172a" floodOpacity="0.28" />
        </filter>
        <filter id="panel-shadow" x="-10%" y="-10%" width="120%" height="130%">
          <feDropShadow dx="0" dy="18" stdDeviation="16" floodColor="#020617" floodOpacity="0.45" />
        </filter>
      </defs>
      <rect
        x="20"
        y="20"
        width="520"
        height="428"
        rx="20"
        fill="url(#panel)"
        filter="url(#panel-shadow)"
      />
      <rect x="20" y="20" width="520" height="428" rx="20" fill="url(#brushed)" />
      <rect
        x="27"
        y="27"
        width="506"
        height="414"
        rx="15"
        fill="none"
        stroke="#ffffff"
        strokeOpacity="0.7"
        strokeWidth="1.5"
      />
      <Screw cx={40} cy={40} />
      <Screw cx={520} cy={40} />
      <Screw cx={40} cy={428} />
      <Screw cx={520} cy={428} />
      {PLATES.map((plate) => (
        <Plate key={plate.color} {...plate} />
      ))}
    </svg>
  );
}
