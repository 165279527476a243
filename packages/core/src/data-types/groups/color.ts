import type { Random } from '../../random.ts';
import { definitions } from '../context.ts';
import { type DataType, typeGroup } from '../types.ts';

const t = typeGroup('color');

const HUMAN_COLORS: readonly string[] = definitions.color.human ?? [];

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

const TAILWIND_COLORS: readonly string[] = [
  'slate',
  'gray',
  'zinc',
  'neutral',
  'stone',
  'red',
  'orange',
  'amber',
  'yellow',
  'lime',
  'green',
  'emerald',
  'teal',
  'cyan',
  'sky',
  'blue',
  'indigo',
  'violet',
  'purple',
  'fuchsia',
  'pink',
  'rose',
];

const TAILWIND_SHADES: readonly number[] = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950];

/** Hue offsets (degrees) of the classic colour schemes, the base colour first. */
const SCHEMES: readonly (readonly number[])[] = [
  [0, 30, -30, 60, -60, 15],
  [0, 180, 30, 210, -30, 150],
  [0, 120, 240, 60, 180, 300],
  [0, 150, 210, 30, 180, -30],
  [0, 90, 180, 270, 45, 225],
];

function rgbToHex(r: number, g: number, b: number): string {
  return `#${HEX[r]}${HEX[g]}${HEX[b]}`;
}

/** Converts HSL (hue in degrees, saturation and lightness in %) to #rrggbb. */
function hslToHex(h: number, s: number, l: number): string {
  const hue = ((h % 360) + 360) % 360;
  const sat = s / 100;
  const light = l / 100;
  const a = sat * Math.min(light, 1 - light);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    return Math.round(255 * (light - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return rgbToHex(channel(0), channel(8), channel(4));
}

function hex(random: Random): string {
  const n = random.uint32();
  return rgbToHex((n >>> 16) & 255, (n >>> 8) & 255, n & 255);
}

/** 3 to 6 colours sharing a scheme: analogous, complementary, triadic, monochrome, ... */
function palette(random: Random): string[] {
  const count = random.int(3, 6);
  const hue = random.int(0, 359);
  const saturation = random.int(45, 85);
  if (random.bool(0.2)) {
    // Monochrome: one hue, evenly spread lightness.
    const step = 60 / (count - 1);
    return Array.from({ length: count }, (_, i) =>
      hslToHex(hue, saturation, Math.round(20 + i * step)),
    );
  }
  const offsets = random.pick(SCHEMES);
  return Array.from({ length: count }, (_, i) =>
    hslToHex(
      hue + (offsets[i] ?? 0),
      Math.min(95, saturation + random.int(-10, 10)),
      random.int(35, 70),
    ),
  );
}

/** Colours in the notations a front end uses: hex, rgb(), hsl(), names, palettes. */
export const colorTypes: readonly DataType[] = [
  t('string', 'hex', 'A colour as #rrggbb', '#3e8ed0', (c) => hex(c.random)),
  t('string', 'rgb', 'A colour in CSS rgb() notation', 'rgb(62, 142, 208)', (c) => {
    const n = c.random.uint32();
    return `rgb(${(n >>> 16) & 255}, ${(n >>> 8) & 255}, ${n & 255})`;
  }),
  t(
    'string',
    'rgba',
    'A colour in CSS rgba() notation with an alpha of 0 to 1',
    'rgba(62, 142, 208, 0.75)',
    (c) => {
      const n = c.random.uint32();
      return `rgba(${(n >>> 16) & 255}, ${(n >>> 8) & 255}, ${n & 255}, ${c.random.float(0.1, 1, 2)})`;
    },
  ),
  t(
    'string',
    'hsl',
    'A colour in CSS hsl() notation',
    'hsl(210, 60%, 53%)',
    (c) => `hsl(${c.random.int(0, 359)}, ${c.random.int(10, 100)}%, ${c.random.int(15, 85)}%)`,
  ),
  t('string', 'name', 'A human colour name', 'sky blue', (c) => c.random.pick(HUMAN_COLORS)),
  t(
    'string',
    'tailwind',
    'A Tailwind CSS colour token',
    'blue-500',
    (c) => `${c.random.pick(TAILWIND_COLORS)}-${c.random.pick(TAILWIND_SHADES)}`,
  ),
  t('string', 'pastel', 'A soft pastel colour as #rrggbb', '#b5d8f2', (c) =>
    hslToHex(c.random.int(0, 359), c.random.int(55, 85), c.random.int(78, 88)),
  ),
  t(
    'array',
    'palette',
    'Three to six harmonious colours as #rrggbb',
    ['#3e8ed0', '#3ed0c4', '#3e4ad0', '#d0883e'],
    (c) => palette(c.random),
  ),
];
