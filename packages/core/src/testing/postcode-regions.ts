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
 * The ISO 3166-2 codes (without the country's) of the regions `postcode` may be of, in the
 * countries whose postcodes follow their regions (US, CA, AU): empty when it fits none;
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
    default:
      return undefined;
  }
}
