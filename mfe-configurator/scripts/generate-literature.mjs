// Writes the safety data sheets the configurator links to (public/literature/<material>-sds.pdf): small,
// valid one-page PDFs built by hand (standard Helvetica, no embedded fonts), so no PDF library is needed.
// Run: node mfe-configurator/scripts/generate-literature.mjs (the output is committed; rerun after edits).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../public/literature');

const MATERIALS = {
  indoor: {
    name: 'Indoor engraving stock (acrylic laminate)',
    composition: 'Two-ply acrylic (PMMA) laminate with a pigmented cap layer.',
    hazards:
      'Not classified as hazardous as supplied. Dust from cutting or engraving may irritate eyes and airways.',
    fire: 'Combustible solid. Use water spray, foam, dry chemical or CO2. Burning gives off carbon oxides and smoke.',
    handling:
      'Store flat, indoors, away from heat and direct sunlight. Clean with mild soap and water; avoid solvents.',
  },
  phenolic: {
    name: 'Phenolic engraving stock (laminate)',
    composition:
      'Paper layers impregnated with cured phenol-formaldehyde resin; pigmented surface layer.',
    hazards:
      'Not classified as hazardous as supplied. Machining dust may irritate eyes, skin and airways.',
    fire: 'Difficult to ignite. Use water spray, foam, dry chemical or CO2. Burning may release carbon oxides, phenol and formaldehyde.',
    handling:
      'Store dry at room temperature. Use dust extraction when cutting. Resistant to oils and most industrial chemicals.',
  },
  'uv-resistant': {
    name: 'UV-resistant outdoor engraving stock',
    composition: 'Acrylic laminate with UV-stabilised pigments and a weather-resistant cap layer.',
    hazards:
      'Not classified as hazardous as supplied. Dust from cutting or engraving may irritate eyes and airways.',
    fire: 'Combustible solid. Use water spray, foam, dry chemical or CO2. Burning gives off carbon oxides and smoke.',
    handling:
      'Suitable for outdoor exposure from -40 to 80 C. Store flat; clean with mild soap and water.',
  },
};

function escapePdfText(text) {
  return text.replace(/[\\()]/g, (c) => `\\${c}`);
}

/** Breaks text into lines of at most `width` characters. */
function wrap(text, width = 88) {
  const lines = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function contentStream(material, info) {
  const ops = ['BT', '/F2 18 Tf', '56 730 Td', `(${escapePdfText('Safety Data Sheet')}) Tj`];
  const text = (font, size, lead, value) => {
    ops.push(`/${font} ${size} Tf`, `0 -${lead} Td`, `(${escapePdfText(value)}) Tj`);
  };
  text('F1', 12, 24, info.name);
  text(
    'F1',
    9,
    16,
    `Product code: ${material.toUpperCase()}-SDS  |  Revision 1  |  Supplied as engraved equipment labels and signs`,
  );
  const sections = [
    ['1. Composition', info.composition],
    ['2. Hazard identification', info.hazards],
    [
      '3. First aid',
      'Eyes: rinse with water for several minutes. Skin: wash with soap and water. Inhaled dust: move to fresh air. Seek advice if irritation persists.',
    ],
    ['4. Fire fighting', info.fire],
    ['5. Handling and storage', info.handling],
    ['6. Disposal', 'Dispose of as non-hazardous solid waste in line with local regulations.'],
  ];
  for (const [heading, body] of sections) {
    text('F2', 11, 26, heading);
    wrap(body).forEach((line, index) => text('F1', 10, index === 0 ? 16 : 13, line));
  }
  text(
    'F1',
    8,
    40,
    "Summary sheet for the finished labels. The stock manufacturer's full SDS is available on request from our team.",
  );
  ops.push('ET');
  return ops.join('\n');
}

function buildPdf(material, info) {
  const content = contentStream(material, info);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    `<< /Title (${escapePdfText(`Safety Data Sheet - ${info.name}`)}) /Producer (Engraved label shop) >>`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

mkdirSync(outDir, { recursive: true });
for (const [material, info] of Object.entries(MATERIALS)) {
  const file = path.join(outDir, `${material}-sds.pdf`);
  writeFileSync(file, buildPdf(material, info));
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
