// Test-only: which regions a postcode belongs to, for the checks of generated places (core's
// tests and bench/agreement.ts); no non-test code imports this module. Written from the postal
// plans, postcode to region, apart from the generator's table (places/countries.ts), which goes
// the other way.

/** USPS: the first three digits of a ZIP code, by ranges, and their state. */
const US_PREFIXES: readonly (readonly [number, number, string])[] = [
  [10, 27, 'MA'],
  [28, 29, 'RI'],
  [30, 38, 'NH'],
  [39, 49, 'ME'],
  [50, 59, 'VT'],
  [60, 69, 'CT'],
  [70, 89, 'NJ'],
  [100, 149, 'NY'],
  [150, 196, 'PA'],
  [197, 199, 'DE'],
  [200, 205, 'DC'],
  [206, 219, 'MD'],
  [220, 246, 'VA'],
  [247, 268, 'WV'],
  [270, 289, 'NC'],
  [290, 299, 'SC'],
  [300, 319, 'GA'],
  [320, 349, 'FL'],
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
  [570, 577, 'SD'],
  [580, 588, 'ND'],
  [590, 599, 'MT'],
  [600, 629, 'IL'],
  [630, 658, 'MO'],
  [660, 679, 'KS'],
  [680, 693, 'NE'],
  [700, 714, 'LA'],
  [716, 729, 'AR'],
  [730, 749, 'OK'],
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
  [967, 968, 'HI'],
  [970, 979, 'OR'],
  [980, 994, 'WA'],
  [995, 999, 'AK'],
];

/** Canada Post: a postcode's first letter and its province or territory. */
const CA_LETTERS: Readonly<Record<string, readonly string[]>> = {
  A: ['NL'],
  B: ['NS'],
  C: ['PE'],
  E: ['NB'],
  G: ['QC'],
  H: ['QC'],
  J: ['QC'],
  K: ['ON'],
  L: ['ON'],
  M: ['ON'],
  N: ['ON'],
  P: ['ON'],
  R: ['MB'],
  S: ['SK'],
  T: ['AB'],
  V: ['BC'],
  X: ['NT', 'NU'],
  Y: ['YT'],
};

/** Australia Post: the four digits, by ranges, and their state or territory. */
const AU_RANGES: readonly (readonly [number, number, string])[] = [
  [200, 299, 'ACT'],
  [800, 999, 'NT'],
  [1000, 2599, 'NSW'],
  [2600, 2618, 'ACT'],
  [2619, 2899, 'NSW'],
  [2900, 2920, 'ACT'],
  [2921, 2999, 'NSW'],
  [3000, 3999, 'VIC'],
  [4000, 4999, 'QLD'],
  [5000, 5999, 'SA'],
  [6000, 6999, 'WA'],
  [7000, 7999, 'TAS'],
  [8000, 8999, 'VIC'],
  [9000, 9999, 'QLD'],
];

function inRanges(ranges: readonly (readonly [number, number, string])[], value: number): string[] {
  return ranges.filter(([from, to]) => value >= from && value <= to).map(([, , region]) => region);
}

/**
 * Royal Mail: the postcode areas of each nation of the United Kingdom but England, whose are all
 * the others. Areas across a border (CH, SY, HR and LD by Wales, TD, CA and DG by Scotland) are of
 * both nations.
 */
const GB_AREAS: Readonly<Record<string, readonly string[]>> = {
  AB: ['SCT'],
  DD: ['SCT'],
  DG: ['SCT', 'ENG'],
  EH: ['SCT'],
  FK: ['SCT'],
  G: ['SCT'],
  HS: ['SCT'],
  IV: ['SCT'],
  KA: ['SCT'],
  KW: ['SCT'],
  KY: ['SCT'],
  ML: ['SCT'],
  PA: ['SCT'],
  PH: ['SCT'],
  TD: ['SCT', 'ENG'],
  ZE: ['SCT'],
  CA: ['ENG', 'SCT'],
  CF: ['WLS'],
  LD: ['WLS', 'ENG'],
  LL: ['WLS'],
  NP: ['WLS'],
  SA: ['WLS'],
  SY: ['WLS', 'ENG'],
  CH: ['ENG', 'WLS'],
  HR: ['ENG', 'WLS'],
  BT: ['NIR'],
};

/**
 * An Eircode's routing key and its province (ISO 3166-2:IE: C Connacht, L Leinster, M Munster,
 * U Ulster), from the keys' post towns; Dublin's D keys are Leinster's, County Cork's P keys
 * Munster's. A key not listed here has no region (the check then fails, as for a wrong one).
 */
const IE_KEYS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    'F12 F23 F26 F28 F42 F45 F56 F91 H53 H54 H62 H65 H71 H91 N41'.split(' ').map((k) => [k, 'C']),
  ),
  ...Object.fromEntries(
    'A63 A67 A82 A83 A84 A85 A91 A92 A94 A96 A98 C15 K32 K34 K36 K45 K56 K67 K78 N37 N39 N91 R14 R21 R32 R35 R42 R45 R51 R56 R93 R95 W12 W23 W34 W91 Y14 Y21 Y25 Y34 Y35'
      .split(' ')
      .map((k) => [k, 'L']),
  ),
  ...Object.fromEntries(
    'E21 E25 E32 E34 E41 E45 E53 E91 T12 T23 T34 T45 T56 V14 V15 V23 V31 V35 V42 V92 V93 V94 V95 X35 X42 X91'
      .split(' ')
      .map((k) => [k, 'M']),
  ),
  ...Object.fromEntries('A75 A81 F92 F93 F94 H12 H14 H16 H18 H23'.split(' ').map((k) => [k, 'U'])),
};

function ieProvinces(eircode: string): string[] {
  const key = eircode.slice(0, 3).toUpperCase();
  if (!/^[AC-FHKNPRTV-Y]\d[\dW] [AC-FHKNPRTV-Y0-9]{4}$/.test(eircode.toUpperCase())) return [];
  if (key.startsWith('D')) return ['L'];
  if (key.startsWith('P')) return ['M'];
  const province = IE_KEYS[key];
  return province === undefined ? [] : [province];
}

function gbNations(postcode: string): string[] {
  const area = /^([A-Z]{1,2})\d/.exec(postcode.toUpperCase())?.[1];
  if (area === undefined) return [];
  return [...(GB_AREAS[area] ?? ['ENG'])];
}

/**
 * The ISO 3166-2 codes (without the country's) of the regions `postcode` may be of, in the
 * countries whose postcodes follow their regions (US, CA, AU, GB, IE): empty when it fits none;
 * undefined for another country.
 */
export function postcodeRegions(countryCode: string, postcode: string): string[] | undefined {
  switch (countryCode) {
    case 'US':
      return /^\d{5}(-\d{4})?$/.test(postcode)
        ? inRanges(US_PREFIXES, Number(postcode.slice(0, 3)))
        : [];
    case 'CA':
      return [...(CA_LETTERS[postcode.charAt(0).toUpperCase()] ?? [])];
    case 'AU':
      return /^\d{4}$/.test(postcode) ? inRanges(AU_RANGES, Number(postcode)) : [];
    case 'GB':
      return gbNations(postcode);
    case 'IE':
      return ieProvinces(postcode);
    default:
      return undefined;
  }
}
