/** The choices a label is made of (docs/product.md section 3, "Options"). */
export const MATERIALS = ['indoor', 'phenolic', 'uv-resistant'] as const;
export type Material = (typeof MATERIALS)[number];

export const COLORS = [
  'black-white',
  'white-black',
  'red-white',
  'orange-black',
  'yellow-black',
] as const;
export type Color = (typeof COLORS)[number];

export const MOUNTINGS = ['no-mounting', 'mounting-holes', 'adhesive'] as const;
export type Mounting = (typeof MOUNTINGS)[number];

/**
 * The most labels one cart line (and one order line) holds. Larger runs are quoted: the price breaks
 * stop at 100+, and a run this long needs the shop to plan material and machine time.
 */
export const MAX_LINE_QUANTITY = 10_000;
export const LINE_QUANTITY_LIMIT_MESSAGE =
  'A line holds at most 10,000 labels. For more, ask us for a quote.';
export const QUANTITY_MESSAGES = {
  notANumber: 'Quantity must be a number',
  notWhole: 'Quantity must be a whole number',
  belowOne: 'Quantity must be at least 1',
} as const;

/**
 * Why a line cannot have this quantity, or null when it can: a whole number from 1 to
 * MAX_LINE_QUANTITY. labelConfigurationSchema checks the same rule with the same messages
 * (label-configuration.test.ts holds the two together); this one has no zod, for the quantity
 * field that the cart's first render draws.
 */
export function quantityProblem(value: number): string | null {
  if (!Number.isFinite(value)) return QUANTITY_MESSAGES.notANumber;
  if (!Number.isSafeInteger(value)) return QUANTITY_MESSAGES.notWhole;
  if (value < 1) return QUANTITY_MESSAGES.belowOne;
  if (value > MAX_LINE_QUANTITY) return LINE_QUANTITY_LIMIT_MESSAGE;
  return null;
}

export const SIZE_MIN_INCHES = 0.75;
export const SIZE_MAX_INCHES = 9;
export const SIZE_STEP_INCHES = 0.01;

export const MATERIAL_LABELS: Record<Material, { name: string; description: string }> = {
  indoor: {
    name: 'Indoor',
    description: 'Engraved acrylic for panels, cabinets and machines indoors.',
  },
  phenolic: {
    name: 'Phenolic',
    description: 'Rigid, heat- and chemical-resistant laminate for industrial equipment.',
  },
  'uv-resistant': {
    name: 'UV-Resistant',
    description: 'Outdoor-rated laminate that keeps its colour in direct sunlight.',
  },
};

/** Each colour: background, text, and the display name shown beside the preview ("Black/White"). */
export const COLOR_SWATCHES: Record<Color, { background: string; text: string; name: string }> = {
  'black-white': { background: '#111111', text: '#ffffff', name: 'Black/White' },
  'white-black': { background: '#ffffff', text: '#111111', name: 'White/Black' },
  'red-white': { background: '#b91c1c', text: '#ffffff', name: 'Red/White' },
  'orange-black': { background: '#f97316', text: '#111111', name: 'Orange/Black' },
  'yellow-black': { background: '#facc15', text: '#111111', name: 'Yellow/Black' },
};

export const MOUNTING_LABELS: Record<Mounting, string> = {
  'no-mounting': 'No mounting',
  'mounting-holes': 'Mounting holes',
  adhesive: 'Adhesive backing',
};
