import {
  COLOR_SWATCHES,
  MATERIAL_LABELS,
  MOUNTING_LABELS,
  type Color,
  type Material,
  type Mounting,
} from '@shop/contracts';

/** Shop wording for a cart line's options; an option the contracts do not know shows as sent. */
export function materialName(material: string): string {
  return MATERIAL_LABELS[material as Material]?.name ?? material;
}

export function colorSwatch(color: string): { background: string; text: string; name: string } {
  return COLOR_SWATCHES[color as Color] ?? { background: '#e2e8f0', text: '#0f172a', name: color };
}

export function mountingName(mounting: string): string {
  return MOUNTING_LABELS[mounting as Mounting] ?? mounting;
}

/** 3 x 2.5 in: sizes keep their two decimals only when they have them. */
export function formatSize(width: number, height: number): string {
  const inches = (value: number) => String(Number(value.toFixed(2)));
  return `${inches(width)}″ × ${inches(height)}″`;
}
