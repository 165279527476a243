import type { Random } from '../../random.ts';
import { definitions } from '../context.ts';
import { randomChars } from '../sources.ts';
import { type DataType, ONE_DRAW, ofRecord, typeGroup } from '../types.ts';

const t = typeGroup('money');

const CURRENCIES = definitions.finance.currency;
const CURRENCY_CODES: readonly string[] = CURRENCIES.map((c) => c.code);
const CURRENCY_SYMBOLS: readonly string[] = CURRENCIES.filter((c) => c.symbol !== '').map(
  (c) => c.symbol,
);
/** Currency names without the occasional parenthetical remark of the ISO list. */
const CURRENCY_NAMES: readonly string[] = CURRENCIES.map((c) => c.name.replace(/\s*\(.*\)/, ''));
/** Price endings: mostly charm prices (.99, .95, .49), some round ones. */
const PRICE_CENTS: readonly number[] = [0.99, 0.99, 0.99, 0.95, 0.49, 0.5, 0];
const DISCOUNTS: readonly number[] = [5, 10, 10, 15, 20, 20, 25, 30, 40, 50, 60, 70];
const TRANSACTION_TYPES: readonly string[] = [
  'payment',
  'payment',
  'purchase',
  'deposit',
  'withdrawal',
  'transfer',
  'refund',
  'invoice',
  'fee',
];

interface CardBrand {
  readonly issuer: string;
  /** The leading digits (issuer identification) the brand's numbers start with. */
  readonly prefixes: readonly string[];
  readonly length: number;
}

const CARD_BRANDS: readonly CardBrand[] = [
  { issuer: 'Visa', prefixes: ['4'], length: 16 },
  { issuer: 'Visa', prefixes: ['4'], length: 16 },
  { issuer: 'Visa', prefixes: ['4'], length: 16 },
  { issuer: 'Mastercard', prefixes: ['51', '52', '53', '54', '55', '2221', '2720'], length: 16 },
  { issuer: 'Mastercard', prefixes: ['51', '52', '53', '54', '55'], length: 16 },
  { issuer: 'American Express', prefixes: ['34', '37'], length: 15 },
  { issuer: 'Discover', prefixes: ['6011', '65'], length: 16 },
  { issuer: 'JCB', prefixes: ['3528', '3589'], length: 16 },
  { issuer: 'Diners Club', prefixes: ['36', '38'], length: 14 },
];
const CARD_ISSUERS: readonly string[] = CARD_BRANDS.map((b) => b.issuer);
const DIGITS = '0123456789';
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

/** The Luhn check digit that makes `body` followed by it a valid card number. */
function luhnDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = body.charCodeAt(body.length - 1 - i) - 48;
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** A card number of one of the big brands, passing the Luhn check, digits only. */
function cardNumber(random: Random): string {
  const brand = random.pick(CARD_BRANDS);
  const prefix = random.pick(brand.prefixes);
  const body = prefix + randomChars(random, DIGITS, brand.length - prefix.length - 1);
  return `${body}${luhnDigit(body)}`;
}

/** A Bitcoin address in one of the four formats in use: bc1q..., 1..., 3..., bc1p.... */
function bitcoinAddress(random: Random): string {
  const format = random.next();
  if (format < 0.5) return `bc1q${randomChars(random, BECH32, 38)}`;
  if (format < 0.75) return `1${randomChars(random, BASE58, random.int(25, 33))}`;
  if (format < 0.9) return `3${randomChars(random, BASE58, 33)}`;
  return `bc1p${randomChars(random, BECH32, 58)}`;
}

/** A shop price from 1.00 to 999.99, cheap prices being the more frequent. */
function price(random: Random): number {
  const whole = Math.floor(10 ** (random.next() * 3));
  return Math.round((whole + random.pick(PRICE_CENTS)) * 100) / 100;
}

/** Currencies, prices and amounts, bank and card details, transactions. */
export const moneyTypes: readonly DataType[] = [
  ofRecord(
    t(
      'string',
      'currency',
      'An ISO 4217 currency code; in an object with a place, its own',
      'EUR',
      (c) => (c.record ? c.record.place.currency : c.random.pick(CURRENCY_CODES)),
    ),
    'place',
    undefined,
    ONE_DRAW,
  ),
  t('string', 'symbol', 'A currency symbol', '€', (c) => c.random.pick(CURRENCY_SYMBOLS)),
  t('string', 'currencyname', 'A currency name', 'Pound Sterling', (c) =>
    c.random.pick(CURRENCY_NAMES),
  ),
  t('number', 'price', 'A shop price from 1.00 to 999.99, often ending in .99', 24.99, (c) =>
    price(c.random),
  ),
  t(
    'number',
    'amount',
    'A transaction amount from 1.00 to 10000.00, two decimals',
    1284.5,
    (c) => Math.round(10 ** (c.random.next() * 4) * 100) / 100,
  ),
  t('number', 'discount', 'A discount in percent, a whole number from 5 to 70', 20, (c) =>
    c.random.pick(DISCOUNTS),
  ),
  t(
    'string',
    'iban',
    'An IBAN with a valid checksum, without spaces',
    'DE89370400440532013000',
    (c) => c.faker.finance.iban(),
  ),
  t('string', 'bic', 'A BIC (SWIFT code) of a bank', 'DEUTDEFF', (c) => c.faker.finance.bic()),
  t(
    'string',
    'creditcard',
    'A Luhn-valid card number of a major brand, digits only',
    '4539148803436467',
    (c) => cardNumber(c.random),
  ),
  t(
    'string',
    'cardissuer',
    'A card brand such as Visa, Mastercard or American Express',
    'Visa',
    (c) => c.random.pick(CARD_ISSUERS),
  ),
  t('string', 'accountnumber', 'A bank account number of ten digits', '0532013000', (c) =>
    randomChars(c.random, DIGITS, 10),
  ),
  t(
    'string',
    'transactiontype',
    'A kind of transaction such as payment, deposit or refund',
    'payment',
    (c) => c.random.pick(TRANSACTION_TYPES),
  ),
  t(
    'string',
    'bitcoin',
    'A Bitcoin address: native SegWit, legacy, P2SH or Taproot',
    'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    (c) => bitcoinAddress(c.random),
  ),
];
