import type { JsonObject } from '../../json.ts';
import type { Random } from '../../random.ts';
import { definitions } from '../context.ts';
import { isoDateTime, uuid, zeroPad } from '../sources.ts';
import { type DataType, typeGroup } from '../types.ts';

const t = typeGroup('product');

const PRODUCT_ADJECTIVES: readonly string[] = definitions.commerce.product_name?.adjective ?? [];
const MATERIALS: readonly string[] = definitions.commerce.product_name?.material ?? [];
const PRODUCTS: readonly string[] = definitions.commerce.product_name?.product ?? [];
const DEPARTMENTS: readonly string[] = definitions.commerce.department ?? [];

/** Shop categories by department (faker's departments), so that a product's two agree. */
const CATEGORIES_BY_DEPARTMENT: Readonly<Record<string, readonly string[]>> = {
  Automotive: ['Car Care', 'Car Electronics', 'Tyres & Wheels'],
  Baby: ['Strollers', 'Baby Clothing', 'Nursery'],
  Beauty: ['Skincare', 'Makeup', 'Fragrances', 'Hair Care'],
  Books: ['Fiction', 'Non-Fiction', 'Cookbooks', "Children's Books"],
  Clothing: ['Jackets', 'T-Shirts', 'Jeans', 'Dresses', 'Knitwear'],
  Computers: ['Laptops', 'Monitors', 'Keyboards & Mice', 'Storage'],
  Electronics: ['Smartphones', 'Headphones', 'Smart Watches', 'Cameras', 'Speakers'],
  Games: ['Board Games', 'Video Games', 'Puzzles'],
  Garden: ['Garden Tools', 'Plants & Seeds', 'Outdoor Furniture'],
  Grocery: ['Coffee & Tea', 'Snacks', 'Pantry', 'Beverages'],
  Health: ['Vitamins & Supplements', 'Personal Care', 'First Aid'],
  Home: ['Furniture', 'Bedding', 'Lighting', 'Home Decor', 'Cookware', 'Kitchen Appliances'],
  Industrial: ['Safety Equipment', 'Fasteners', 'Lab Supplies'],
  Jewelry: ['Necklaces', 'Rings', 'Earrings', 'Watches'],
  Kids: ['Kids Clothing', 'School Supplies', 'Kids Furniture'],
  Movies: ['Blu-ray', 'DVD', 'Box Sets'],
  Music: ['Vinyl Records', 'Instruments', 'Audio Equipment'],
  Outdoors: ['Camping Gear', 'Hiking', 'Backpacks'],
  Shoes: ['Running Shoes', 'Sneakers', 'Boots', 'Sandals'],
  Sports: ['Fitness Equipment', 'Cycling', 'Team Sports', 'Yoga'],
  Tools: ['Power Tools', 'Hand Tools', 'Tool Storage'],
  Toys: ['Building Toys', 'Dolls & Figures', 'Plush Toys', 'Educational Toys'],
};
const CATEGORIES = Object.values(CATEGORIES_BY_DEPARTMENT).flat();

const BRANDS: readonly string[] = [
  'Nordhaven',
  'Brightline',
  'Oakridge',
  'Lumora',
  'Veloxa',
  'Kestrel & Co',
  'Halcyon',
  'Bluepeak',
  'Ironwood',
  'Solenne',
  'Marlowe',
  'Everfield',
  'Pinecrest',
  'Aurelia',
  'Northwind',
  'Cobalt Labs',
  'Zephyr',
  'Driftwood',
  'Maple & Mason',
  'Copperleaf',
  'Silverline',
  'Arden',
  'Fable & Form',
  'Haven Home',
  'Urbanist',
  'Trailborn',
  'Tidewater',
  'Quillon',
  'Evergreen Goods',
  'Polaris Gear',
];

const PRODUCT_COLORS: readonly string[] = [
  'Midnight Black',
  'Arctic White',
  'Graphite',
  'Silver',
  'Space Gray',
  'Navy Blue',
  'Sky Blue',
  'Forest Green',
  'Sage',
  'Olive',
  'Burgundy',
  'Crimson Red',
  'Coral',
  'Blush Pink',
  'Lavender',
  'Mustard Yellow',
  'Sand',
  'Beige',
  'Charcoal',
  'Walnut Brown',
];

const SIZES: readonly string[] = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];

const TAGS: readonly string[] = [
  'new',
  'bestseller',
  'sale',
  'limited edition',
  'eco-friendly',
  'handmade',
  'organic',
  'premium',
  'gift idea',
  'free shipping',
  'vegan',
  'waterproof',
  'wireless',
  'recycled',
  'lightweight',
  'durable',
  'trending',
  'exclusive',
];

const CURRENCIES: readonly string[] = [
  'USD',
  'USD',
  'EUR',
  'EUR',
  'GBP',
  'JPY',
  'CAD',
  'AUD',
  'CHF',
  'SEK',
  'CNY',
  'INR',
];

const CONDITIONS: readonly string[] = ['new', 'new', 'new', 'refurbished', 'used', 'open box'];

const QUALITIES: readonly string[] = [
  'everyday',
  'all-day',
  'long-lasting',
  'effortless',
  'reliable',
  'versatile',
  'premium',
  'outstanding',
  'lasting',
  'dependable',
];

const USES: readonly string[] = [
  'home and office',
  'work and travel',
  'the whole family',
  'busy mornings',
  'weekend adventures',
  'small spaces',
  'everyday use',
  'gifting',
];

/** GS1 prefixes of a few countries, so that barcodes look like they come from real shelves. */
const GS1_PREFIXES: readonly string[] = [
  '000',
  '001',
  '030',
  '050',
  '060',
  '300',
  '340',
  '400',
  '410',
  '450',
  '490',
  '500',
  '501',
  '690',
  '692',
  '760',
  '800',
  '840',
  '871',
  '880',
  '930',
];

const SKU_PREFIXES = DEPARTMENTS.map((d) => d.slice(0, 3).toUpperCase());
const DIGITS = '0123456789';

/** A price with a shop-like ending (.99, .49, .95, .00), from 1 to 1000. */
function price(random: Random): number {
  const whole = Math.floor(10 ** random.float(0, 3, 4));
  const cents = random.pick([0.99, 0.99, 0.99, 0.49, 0.95, 0]);
  return Math.round((whole + cents) * 100) / 100;
}

function productName(random: Random): string {
  return `${random.pick(PRODUCT_ADJECTIVES)} ${random.pick(MATERIALS)} ${random.pick(PRODUCTS)}`;
}

function description(random: Random, product: string, material: string): string {
  const quality = random.pick(QUALITIES);
  const use = random.pick(USES);
  switch (random.int(0, 4)) {
    case 0:
      return `Crafted from ${material.toLowerCase()}, this ${product.toLowerCase()} offers ${quality} comfort for ${use}.`;
    case 1:
      return `${/^[aeiou]/i.test(quality) ? 'An' : 'A'} ${quality} ${product.toLowerCase()} in durable ${material.toLowerCase()}, designed for ${use}.`;
    case 2:
      return `Meet our ${product.toLowerCase()}: ${material.toLowerCase()} construction, ${quality} performance, made for ${use}.`;
    case 3:
      return `This ${material.toLowerCase()} ${product.toLowerCase()} combines clean design with ${quality} quality. Perfect for ${use}.`;
    default:
      return `Built to last, the ${product.toLowerCase()} pairs ${material.toLowerCase()} with ${quality} craftsmanship for ${use}.`;
  }
}

function sku(random: Random, prefix?: string): string {
  return `${prefix ?? random.pick(SKU_PREFIXES)}-${zeroPad(random.int(0, 99_999), 5)}`;
}

/** An EAN-13: a GS1 prefix, nine more digits and the check digit. */
function ean13(random: Random): string {
  let digits = random.pick(GS1_PREFIXES);
  while (digits.length < 12) digits += DIGITS.charAt(random.int(0, 9));
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(digits.charAt(i)) * (i % 2 === 0 ? 1 : 3);
  return `${digits}${(10 - (sum % 10)) % 10}`;
}

function rating(random: Random): number {
  // Most products are rated well; a few are not.
  return Math.round((5 - 4 * random.next() ** 2.5) * 10) / 10;
}

function reviews(random: Random): number {
  return Math.floor(10 ** random.float(0, 4, 4)) - 1;
}

function stock(random: Random): number {
  return random.bool(0.12) ? 0 : random.int(1, 500);
}

function discount(random: Random): number {
  return random.pick([5, 10, 10, 15, 20, 20, 25, 30, 40, 50]);
}

function weight(random: Random): number {
  return Math.max(0.05, Math.round(10 ** random.float(-1.3, 1.4, 4) * 100) / 100);
}

function dimensions(random: Random): JsonObject {
  return {
    width: random.float(5, 120, 1),
    height: random.float(2, 100, 1),
    depth: random.float(1, 60, 1),
    unit: 'cm',
  };
}

function imageUrl(random: Random): string {
  return `https://picsum.photos/seed/product${random.int(1, 99_999)}/640/480`;
}

function tags(random: Random): string[] {
  return random.sample(TAGS, random.int(2, 5));
}

/** A short colour code for SKUs: initials of two words ("NB"), or three letters of one ("SAG"). */
function colorCode(color: string): string {
  const words = color.split(' ');
  return (
    words.length > 1 ? words.map((w) => w.charAt(0)).join('') : color.slice(0, 3)
  ).toUpperCase();
}

function variants(random: Random, base: string, basePrice: number): JsonObject[] {
  const sized = random.bool(0.5);
  const colors = random.sample(PRODUCT_COLORS, random.int(sized ? 1 : 2, 3));
  const sizes = sized ? random.sample(SIZES, random.int(2, 3)) : [''];
  const combos = colors.flatMap((color) => sizes.map((size) => [color, size] as const));
  return random.sample(combos, Math.min(combos.length, random.int(2, 5))).map(([color, size]) => {
    const units = stock(random);
    const code = colorCode(color);
    return {
      sku: `${base}-${code}${size ? `-${size}` : ''}`,
      color,
      size: size || null,
      price: random.bool(0.7)
        ? basePrice
        : Math.floor(basePrice * random.float(1.05, 1.2, 2)) + 0.99,
      stock: units,
      inStock: units > 0,
    };
  });
}

const DIMENSIONS_EXAMPLE: JsonObject = { width: 42.5, height: 18.2, depth: 12, unit: 'cm' };

/** Shop products: names, prices, codes (SKU, EAN-13, ISBN), stock, ratings and whole records. */
export const productTypes: readonly DataType[] = [
  t('string', 'name', 'A product name', 'Ergonomic Bamboo Chair', (c) => productName(c.random)),
  t('string', 'adjective', 'An adjective used in product names', 'Handcrafted', (c) =>
    c.random.pick(PRODUCT_ADJECTIVES),
  ),
  t('string', 'material', 'A product material', 'Bamboo', (c) => c.random.pick(MATERIALS)),
  t(
    'string',
    'description',
    'A one-sentence product description',
    'A versatile chair in durable bamboo, designed for home and office.',
    (c) => description(c.random, c.random.pick(PRODUCTS), c.random.pick(MATERIALS)),
  ),
  t('string', 'category', 'A shop category', 'Kitchen Appliances', (c) =>
    c.random.pick(CATEGORIES),
  ),
  t('string', 'department', 'A shop department', 'Electronics', (c) => c.random.pick(DEPARTMENTS)),
  t('number', 'price', 'A price from about 1 to 1000 ending in .99, .49, .95 or .00', 49.99, (c) =>
    price(c.random),
  ),
  t('string', 'currency', 'An ISO 4217 currency code', 'EUR', (c) => c.random.pick(CURRENCIES)),
  t('string', 'sku', 'A stock keeping unit code', 'ELE-04821', (c) => sku(c.random)),
  t('string', 'barcode', 'An EAN-13 barcode with a valid check digit', '4006381333931', (c) =>
    ean13(c.random),
  ),
  t('string', 'isbn', 'An ISBN-13 with hyphens and a valid check digit', '978-0-306-40615-7', (c) =>
    c.faker.commerce.isbn({ variant: 13, separator: '-' }),
  ),
  t('string', 'brand', 'A brand name', 'Nordhaven', (c) => c.random.pick(BRANDS)),
  t('string', 'model', 'A model designation', 'XR-200', (c) => {
    const letters = `${String.fromCharCode(65 + c.random.int(0, 25))}${String.fromCharCode(65 + c.random.int(0, 25))}`;
    return `${letters}-${c.random.int(1, 9) * 100 + c.random.pick([0, 0, 50])}`;
  }),
  t('string', 'color', 'A product colour as shops name it', 'Navy Blue', (c) =>
    c.random.pick(PRODUCT_COLORS),
  ),
  t('string', 'size', 'A clothing size, XS to XXL', 'M', (c) => c.random.pick(SIZES)),
  t('number', 'weight', 'A weight in kg with two decimals', 1.35, (c) => weight(c.random)),
  t('number', 'rating', 'An average rating from 1 to 5 with one decimal', 4.3, (c) =>
    rating(c.random),
  ),
  t('number', 'reviews', 'A number of reviews', 128, (c) => reviews(c.random)),
  t('number', 'stock', 'Units in stock, sometimes none', 42, (c) => stock(c.random)),
  t('boolean', 'instock', 'Whether the product is in stock (mostly true)', true, (c) =>
    c.random.bool(0.85),
  ),
  t('number', 'discount', 'A discount in whole %', 20, (c) => discount(c.random)),
  t('string', 'condition', 'The condition of an item for sale', 'refurbished', (c) =>
    c.random.pick(CONDITIONS),
  ),
  t(
    'string',
    'imageurl',
    'The URL of a product image (640 × 480)',
    'https://picsum.photos/seed/product4821/640/480',
    (c) => imageUrl(c.random),
  ),
  t(
    'array',
    'tags',
    'Two to five product tags',
    ['bestseller', 'eco-friendly', 'free shipping'],
    (c) => tags(c.random),
  ),
  t('object', 'dimensions', 'Width, height and depth in cm', DIMENSIONS_EXAMPLE, (c) =>
    dimensions(c.random),
  ),
  t(
    'array',
    'variants',
    'Two to five colour and size variants: sku, color, size, price, stock, inStock',
    [
      {
        sku: 'CLO-04821-NB-M',
        color: 'Navy Blue',
        size: 'M',
        price: 29.99,
        stock: 14,
        inStock: true,
      },
      {
        sku: 'CLO-04821-NB-L',
        color: 'Navy Blue',
        size: 'L',
        price: 29.99,
        stock: 0,
        inStock: false,
      },
      { sku: 'CLO-04821-SAG-M', color: 'Sage', size: 'M', price: 32.99, stock: 7, inStock: true },
    ],
    (c) => variants(c.random, sku(c.random), price(c.random)),
  ),
  t(
    'object',
    'complete',
    'A whole product record whose fields agree with each other',
    {
      id: '3f1c2b8e-9a4d-4c6f-8b2e-1d7a5e9c0f3b',
      sku: 'HOM-04821',
      name: 'Rustic Wooden Chair',
      description:
        'This wooden chair combines clean design with lasting quality. Perfect for small spaces.',
      brand: 'Oakridge',
      department: 'Home',
      category: 'Furniture',
      price: 149.99,
      currency: 'USD',
      discount: 15,
      salePrice: 127.49,
      rating: 4.4,
      reviews: 86,
      stock: 23,
      inStock: true,
      color: 'Walnut Brown',
      material: 'Wooden',
      weight: 6.8,
      dimensions: { width: 48, height: 92.5, depth: 51, unit: 'cm' },
      barcode: '4006381333931',
      tags: ['bestseller', 'handmade'],
      imageUrl: 'https://picsum.photos/seed/product4821/640/480',
      createdAt: '2025-06-14T09:21:33.418Z',
    },
    (c) => {
      const r = c.random;
      const product = r.pick(PRODUCTS);
      const material = r.pick(MATERIALS);
      const department = r.pick(DEPARTMENTS);
      const categories = CATEGORIES_BY_DEPARTMENT[department] ?? CATEGORIES;
      const listPrice = price(r);
      const off = r.bool(0.4) ? discount(r) : 0;
      const units = stock(r);
      return {
        id: uuid(r),
        sku: sku(r, department.slice(0, 3).toUpperCase()),
        name: `${r.pick(PRODUCT_ADJECTIVES)} ${material} ${product}`,
        description: description(r, product, material),
        brand: r.pick(BRANDS),
        department,
        category: r.pick(categories),
        price: listPrice,
        currency: r.pick(CURRENCIES),
        discount: off,
        salePrice: Math.round(listPrice * (100 - off)) / 100,
        rating: rating(r),
        reviews: reviews(r),
        stock: units,
        inStock: units > 0,
        color: r.pick(PRODUCT_COLORS),
        material,
        weight: weight(r),
        dimensions: dimensions(r),
        barcode: ean13(r),
        tags: tags(r),
        imageUrl: imageUrl(r),
        createdAt: isoDateTime(r, c.now, -730, -1),
      };
    },
  ),
];
