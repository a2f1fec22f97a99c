// A proof drawing as an SVG document: one element per primitive. Every piece of text (customer text,
// file names) is escaped, so nothing a shopper types can become markup.
import { ENGRAVING_FONT } from '@shop/contracts';
import type { ProofDrawing } from './drawing';
import type { Primitive, TextFont } from './primitives';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Characters XML does not allow at all (controls other than tab, newline and return). */
function isAllowedInXml(character: string): boolean {
  const code = character.codePointAt(0)!;
  if (code === 0x09 || code === 0x0a || code === 0x0d) return true;
  return code >= 0x20 && code !== 0xfffe && code !== 0xffff;
}

function escapeXml(value: string): string {
  return [...value]
    .filter(isAllowedInXml)
    .join('')
    .replace(/[&<>"']/g, (character) => ESCAPES[character]!);
}

function n(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** A code's modules are a few hundredths of a point apart on a small label: kept to 1/1000 pt. */
function n3(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

const FONT_WEIGHT: Record<TextFont, number> = {
  engraving: ENGRAVING_FONT.weight,
  body: 400,
  'body-bold': 700,
};

function element(primitive: Primitive): string {
  switch (primitive.kind) {
    case 'rect': {
      const radius = primitive.radius ? ` rx="${n(primitive.radius)}"` : '';
      const dash = primitive.dash ? ` stroke-dasharray="${n(primitive.dash)}"` : '';
      return `<rect x="${n(primitive.x)}" y="${n(primitive.y)}" width="${n(primitive.width)}" height="${n(primitive.height)}"${radius} fill="${primitive.fill ?? 'none'}" stroke="${primitive.stroke ?? 'none'}" stroke-width="${n(primitive.strokeWidth ?? 0)}"${dash}/>`;
    }
    case 'circle':
      return `<circle cx="${n(primitive.cx)}" cy="${n(primitive.cy)}" r="${n(primitive.r)}" fill="${primitive.fill}" stroke="${primitive.stroke}" stroke-width="${n(primitive.strokeWidth)}"/>`;
    case 'line':
      return `<line x1="${n(primitive.x1)}" y1="${n(primitive.y1)}" x2="${n(primitive.x2)}" y2="${n(primitive.y2)}" stroke="${primitive.stroke}" stroke-width="${n(primitive.strokeWidth)}"/>`;
    case 'text': {
      const fit =
        primitive.fitWidth !== undefined
          ? ` textLength="${n(primitive.fitWidth)}" lengthAdjust="spacingAndGlyphs"`
          : '';
      const role = primitive.font === 'engraving' ? ' class="engraving"' : '';
      return `<text${role} x="${n(primitive.x)}" y="${n(primitive.y)}" font-size="${n(primitive.size)}" font-weight="${FONT_WEIGHT[primitive.font]}" text-anchor="${primitive.anchor}" fill="${primitive.fill}"${fit}>${escapeXml(primitive.text)}</text>`;
    }
    case 'shape': {
      const d = primitive.outlines
        .map((outline) => {
          let path = '';
          for (let i = 0; i < outline.length; i += 2) {
            path += `${i === 0 ? 'M' : 'L'}${n3(outline[i]!)} ${n3(outline[i + 1]!)}`;
          }
          return `${path}Z`;
        })
        .join('');
      return `<path class="code" d="${d}" fill="${primitive.fill}" fill-rule="evenodd"/>`;
    }
    case 'image':
      return `<image x="${n(primitive.x)}" y="${n(primitive.y)}" width="${n(primitive.width)}" height="${n(primitive.height)}" preserveAspectRatio="xMidYMid meet" href="data:${primitive.mime};base64,${primitive.data.toString('base64')}"/>`;
  }
}

/**
 * The SVG is the proof's page at its size in points (72 an inch): shown as it is, its 10 pt details
 * read at about 13 px (a phone's order page scrolls it sideways); a page may still scale it to a
 * width of its own (viewBox in points).
 */
export function renderSvg(drawing: ProofDrawing): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n(drawing.width)} ${n(drawing.height)}" width="${n(drawing.width)}pt" height="${n(drawing.height)}pt" role="img" aria-label="${escapeXml(drawing.title)}" font-family="${escapeXml(ENGRAVING_FONT.family)}" xml:space="preserve">`,
    `<title>${escapeXml(drawing.title)}</title>`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    ...drawing.primitives.map(element),
    '</svg>',
    '',
  ].join('\n');
}
