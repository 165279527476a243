/**
 * The countries generated places are drawn from, with what the gazetteer does not hold: each
 * first-level division's ISO 3166-2 code, time zone, postcode range and (in North America) area
 * code; each country's currency, locale and example mobile number. The English-speaking countries
 * only, whose people faker's English locale names well. Hand-written from ISO 3166-2, the IANA
 * time zone database, the national postcode plans and the North American numbering plan.
 */

/** One first-level division: a state, province, territory, nation or region. */
export interface RegionInfo {
  /** Its ISO 3166-2 code without the country's: `CA` for US-CA, `ON`, `NSW`, `ENG`. */
  readonly iso: string;
  /** The IANA time zone of most of its people. */
  readonly timeZone: string;
  /**
   * How its postcodes start: the ZIP code's first digit (US), the first letters (CA), the
   * postcode areas (GB), the Eircode routing keys (IE), or a `from-to` range of the four digits
   * (AU, NZ).
   */
  readonly post: string;
  /** A North American area code of the division (US, CA). */
  readonly areaCode?: string;
}

export interface CountryInfo {
  /** The name as faker's English locale spells it. */
  readonly name: string;
  /** ISO 4217. */
  readonly currency: string;
  /** BCP 47. */
  readonly locale: string;
  /** libphonenumber's example mobile number, national digits. */
  readonly phoneExample: string;
  /** How many leading digits of the example a drawn number keeps (the rest are drawn). */
  readonly phoneKeep: number;
  /** The divisions by GeoNames' admin1 code. */
  readonly regions: Readonly<Record<string, RegionInfo>>;
}

const r = (iso: string, timeZone: string, post: string, areaCode?: string): RegionInfo =>
  areaCode === undefined ? { iso, timeZone, post } : { iso, timeZone, post, areaCode };

const NY = 'America/New_York';
const CHI = 'America/Chicago';
const DEN = 'America/Denver';
const LA = 'America/Los_Angeles';

export const PLACE_COUNTRIES: Readonly<Record<string, CountryInfo>> = {
  US: {
    name: 'United States of America',
    currency: 'USD',
    locale: 'en-US',
    phoneExample: '2015550123',
    phoneKeep: 0,
    regions: {
      AK: r('AK', 'America/Anchorage', '9', '907'),
      AL: r('AL', CHI, '3', '205'),
      AR: r('AR', CHI, '7', '501'),
      AZ: r('AZ', 'America/Phoenix', '8', '602'),
      CA: r('CA', LA, '9', '415'),
      CO: r('CO', DEN, '8', '303'),
      CT: r('CT', NY, '0', '203'),
      DC: r('DC', NY, '2', '202'),
      DE: r('DE', NY, '1', '302'),
      FL: r('FL', NY, '3', '305'),
      GA: r('GA', NY, '3', '404'),
      HI: r('HI', 'Pacific/Honolulu', '9', '808'),
      IA: r('IA', CHI, '5', '515'),
      ID: r('ID', 'America/Boise', '8', '208'),
      IL: r('IL', CHI, '6', '312'),
      IN: r('IN', 'America/Indiana/Indianapolis', '4', '317'),
      KS: r('KS', CHI, '6', '316'),
      KY: r('KY', NY, '4', '502'),
      LA: r('LA', CHI, '7', '504'),
      MA: r('MA', NY, '0', '617'),
      MD: r('MD', NY, '2', '410'),
      ME: r('ME', NY, '0', '207'),
      MI: r('MI', 'America/Detroit', '4', '313'),
      MN: r('MN', CHI, '5', '612'),
      MO: r('MO', CHI, '6', '314'),
      MS: r('MS', CHI, '3', '601'),
      MT: r('MT', DEN, '5', '406'),
      NC: r('NC', NY, '2', '704'),
      ND: r('ND', CHI, '5', '701'),
      NE: r('NE', CHI, '6', '402'),
      NH: r('NH', NY, '0', '603'),
      NJ: r('NJ', NY, '0', '201'),
      NM: r('NM', DEN, '8', '505'),
      NV: r('NV', LA, '8', '702'),
      NY: r('NY', NY, '1', '212'),
      OH: r('OH', NY, '4', '216'),
      OK: r('OK', CHI, '7', '405'),
      OR: r('OR', LA, '9', '503'),
      PA: r('PA', NY, '1', '215'),
      RI: r('RI', NY, '0', '401'),
      SC: r('SC', NY, '2', '803'),
      SD: r('SD', CHI, '5', '605'),
      TN: r('TN', CHI, '3', '615'),
      TX: r('TX', CHI, '7', '214'),
      UT: r('UT', DEN, '8', '801'),
      VA: r('VA', NY, '2', '804'),
      VT: r('VT', NY, '0', '802'),
      WA: r('WA', LA, '9', '206'),
      WI: r('WI', CHI, '5', '414'),
      WV: r('WV', NY, '2', '304'),
      WY: r('WY', DEN, '8', '307'),
    },
  },
  CA: {
    name: 'Canada',
    currency: 'CAD',
    locale: 'en-CA',
    phoneExample: '5062345678',
    phoneKeep: 0,
    regions: {
      '01': r('AB', 'America/Edmonton', 'T', '403'),
      '02': r('BC', 'America/Vancouver', 'V', '604'),
      '03': r('MB', 'America/Winnipeg', 'R', '204'),
      '04': r('NB', 'America/Moncton', 'E', '506'),
      '05': r('NL', 'America/St_Johns', 'A', '709'),
      '07': r('NS', 'America/Halifax', 'B', '902'),
      '08': r('ON', 'America/Toronto', 'KLMNP', '416'),
      '09': r('PE', 'America/Halifax', 'C', '902'),
      '10': r('QC', 'America/Toronto', 'GHJ', '514'),
      '11': r('SK', 'America/Regina', 'S', '306'),
      '12': r('YT', 'America/Whitehorse', 'Y', '867'),
      '13': r('NT', 'America/Yellowknife', 'X', '867'),
    },
  },
  GB: {
    name: 'United Kingdom',
    currency: 'GBP',
    locale: 'en-GB',
    phoneExample: '7400123456',
    phoneKeep: 3,
    regions: {
      ENG: r(
        'ENG',
        'Europe/London',
        'B M L LS S N E SE SW NW W BS NG LE CV OX CB BN PO SO YO HU NE SR PR BL WA CH ST DE DN BD WF',
      ),
      NIR: r('NIR', 'Europe/London', 'BT'),
      SCT: r('SCT', 'Europe/London', 'EH G AB DD KY FK PA IV PH KA ML'),
      WLS: r('WLS', 'Europe/London', 'CF SA LL NP LD SY'),
    },
  },
  IE: {
    name: 'Ireland',
    currency: 'EUR',
    locale: 'en-IE',
    phoneExample: '850123456',
    phoneKeep: 2,
    regions: {
      C: r('C', 'Europe/Dublin', 'H91 F91 F23 H53'),
      L: r('L', 'Europe/Dublin', 'D01 D02 D04 D06 D08 D12 D15 D24 A94 A96 W23 R95 A92 W91'),
      M: r('M', 'Europe/Dublin', 'T12 T23 V94 X91 V92 E91'),
      U: r('U', 'Europe/Dublin', 'F92 H12 H18'),
    },
  },
  AU: {
    name: 'Australia',
    currency: 'AUD',
    locale: 'en-AU',
    phoneExample: '412345678',
    phoneKeep: 2,
    regions: {
      '01': r('ACT', 'Australia/Sydney', '2600-2618'),
      '02': r('NSW', 'Australia/Sydney', '2000-2599'),
      '03': r('NT', 'Australia/Darwin', '0800-0899'),
      '04': r('QLD', 'Australia/Brisbane', '4000-4999'),
      '05': r('SA', 'Australia/Adelaide', '5000-5799'),
      '06': r('TAS', 'Australia/Hobart', '7000-7799'),
      '07': r('VIC', 'Australia/Melbourne', '3000-3999'),
      '08': r('WA', 'Australia/Perth', '6000-6797'),
    },
  },
  NZ: {
    name: 'New Zealand',
    currency: 'NZD',
    locale: 'en-NZ',
    phoneExample: '211234567',
    phoneKeep: 2,
    regions: {
      E7: r('AUK', 'Pacific/Auckland', '0600-2699'),
      E8: r('BOP', 'Pacific/Auckland', '3000-3199'),
      E9: r('CAN', 'Pacific/Auckland', '7300-8999'),
      F1: r('GIS', 'Pacific/Auckland', '4010-4099'),
      F2: r('HKB', 'Pacific/Auckland', '4100-4299'),
      F3: r('MWT', 'Pacific/Auckland', '4400-4999'),
      F4: r('MBH', 'Pacific/Auckland', '7201-7299'),
      F5: r('NSN', 'Pacific/Auckland', '7010-7099'),
      F6: r('NTL', 'Pacific/Auckland', '0110-0599'),
      F7: r('OTA', 'Pacific/Auckland', '9010-9599'),
      F8: r('STL', 'Pacific/Auckland', '9600-9899'),
      F9: r('TKI', 'Pacific/Auckland', '4300-4399'),
      G1: r('WKO', 'Pacific/Auckland', '3200-3999'),
      G2: r('WGN', 'Pacific/Auckland', '5010-6999'),
    },
  },
};
