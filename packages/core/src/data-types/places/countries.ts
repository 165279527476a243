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
   * How its postcodes start: the ranges of the ZIP code's first three digits (US, USPS's
   * sectional centres of the state: `970-979`), the first letters (CA), the
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
      AK: r('AK', 'America/Anchorage', '995-999', '907'),
      AL: r('AL', CHI, '350-369', '205'),
      AR: r('AR', CHI, '716-729', '501'),
      AZ: r('AZ', 'America/Phoenix', '850-865', '602'),
      CA: r('CA', LA, '900-961', '415'),
      CO: r('CO', DEN, '800-816', '303'),
      CT: r('CT', NY, '060-069', '203'),
      DC: r('DC', NY, '200-205', '202'),
      DE: r('DE', NY, '197-199', '302'),
      FL: r('FL', NY, '320-339 341-349', '305'),
      GA: r('GA', NY, '300-319', '404'),
      HI: r('HI', 'Pacific/Honolulu', '967-968', '808'),
      IA: r('IA', CHI, '500-528', '515'),
      ID: r('ID', 'America/Boise', '832-838', '208'),
      IL: r('IL', CHI, '600-629', '312'),
      IN: r('IN', 'America/Indiana/Indianapolis', '460-479', '317'),
      KS: r('KS', CHI, '660-679', '316'),
      KY: r('KY', NY, '400-427', '502'),
      LA: r('LA', CHI, '700-714', '504'),
      MA: r('MA', NY, '010-027', '617'),
      MD: r('MD', NY, '206-219', '410'),
      ME: r('ME', NY, '039-049', '207'),
      MI: r('MI', 'America/Detroit', '480-499', '313'),
      MN: r('MN', CHI, '550-567', '612'),
      MO: r('MO', CHI, '630-658', '314'),
      MS: r('MS', CHI, '386-397', '601'),
      MT: r('MT', DEN, '590-599', '406'),
      NC: r('NC', NY, '270-289', '704'),
      ND: r('ND', CHI, '580-588', '701'),
      NE: r('NE', CHI, '680-693', '402'),
      NH: r('NH', NY, '030-038', '603'),
      NJ: r('NJ', NY, '070-089', '201'),
      NM: r('NM', DEN, '870-884', '505'),
      NV: r('NV', LA, '889-898', '702'),
      NY: r('NY', NY, '100-149', '212'),
      OH: r('OH', NY, '430-459', '216'),
      OK: r('OK', CHI, '730-732 734-749', '405'),
      OR: r('OR', LA, '970-979', '503'),
      PA: r('PA', NY, '150-196', '215'),
      RI: r('RI', NY, '028-029', '401'),
      SC: r('SC', NY, '290-299', '803'),
      SD: r('SD', CHI, '570-577', '605'),
      TN: r('TN', CHI, '370-385', '615'),
      TX: r('TX', CHI, '750-799', '214'),
      UT: r('UT', DEN, '840-847', '801'),
      VA: r('VA', NY, '220-246', '804'),
      VT: r('VT', NY, '050-059', '802'),
      WA: r('WA', LA, '980-994', '206'),
      WI: r('WI', CHI, '530-549', '414'),
      WV: r('WV', NY, '247-268', '304'),
      WY: r('WY', DEN, '820-831', '307'),
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
