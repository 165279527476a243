import type { JsonObject } from '../../json.ts';
import type { Random } from '../../random.ts';
import { DAY_NAMES, isoDate, isoDay } from '../sources.ts';
import { type DataType, type GenContext, typeGroup } from '../types.ts';

const t = typeGroup('weather');

interface City {
  readonly city: string;
  readonly country: string;
  readonly lat: number;
  readonly lon: number;
  /** Mean temperatures (°C) of January and July: the climate the generated weather follows. */
  readonly jan: number;
  readonly jul: number;
}

function city(
  name: string,
  country: string,
  lat: number,
  lon: number,
  jan: number,
  jul: number,
): City {
  return { city: name, country, lat, lon, jan, jul };
}

/** Real cities with their coordinates and approximate monthly mean temperatures. */
const CITIES: readonly City[] = [
  city('London', 'United Kingdom', 51.5074, -0.1278, 5.2, 18.7),
  city('Paris', 'France', 48.8566, 2.3522, 5.0, 20.5),
  city('Berlin', 'Germany', 52.52, 13.405, 0.6, 19.8),
  city('Madrid', 'Spain', 40.4168, -3.7038, 6.3, 25.6),
  city('Lisbon', 'Portugal', 38.7223, -9.1393, 11.5, 23.0),
  city('Rome', 'Italy', 41.9028, 12.4964, 7.5, 24.5),
  city('Amsterdam', 'Netherlands', 52.3676, 4.9041, 3.4, 17.6),
  city('Stockholm', 'Sweden', 59.3293, 18.0686, -1.0, 18.0),
  city('Moscow', 'Russia', 55.7558, 37.6173, -6.5, 19.2),
  city('Istanbul', 'Turkey', 41.0082, 28.9784, 6.0, 23.8),
  city('Reykjavik', 'Iceland', 64.1466, -21.9426, -0.5, 11.2),
  city('New York', 'United States', 40.7128, -74.006, 0.5, 24.9),
  city('Los Angeles', 'United States', 34.0522, -118.2437, 14.0, 21.5),
  city('Chicago', 'United States', 41.8781, -87.6298, -4.6, 23.3),
  city('Toronto', 'Canada', 43.6532, -79.3832, -5.5, 22.3),
  city('Vancouver', 'Canada', 49.2827, -123.1207, 4.1, 18.0),
  city('Mexico City', 'Mexico', 19.4326, -99.1332, 14.0, 17.5),
  city('São Paulo', 'Brazil', -23.5505, -46.6333, 22.8, 16.3),
  city('Buenos Aires', 'Argentina', -34.6037, -58.3816, 24.9, 11.0),
  city('Lima', 'Peru', -12.0464, -77.0428, 22.8, 16.6),
  city('Cairo', 'Egypt', 30.0444, 31.2357, 14.0, 28.0),
  city('Nairobi', 'Kenya', -1.2921, 36.8219, 19.5, 15.8),
  city('Cape Town', 'South Africa', -33.9249, 18.4241, 21.5, 12.5),
  city('Lagos', 'Nigeria', 6.5244, 3.3792, 27.0, 25.5),
  city('Dubai', 'United Arab Emirates', 25.2048, 55.2708, 19.0, 35.5),
  city('Mumbai', 'India', 19.076, 72.8777, 24.0, 28.0),
  city('Delhi', 'India', 28.7041, 77.1025, 14.0, 31.5),
  city('Bangkok', 'Thailand', 13.7563, 100.5018, 27.0, 29.0),
  city('Singapore', 'Singapore', 1.3521, 103.8198, 26.5, 27.9),
  city('Beijing', 'China', 39.9042, 116.4074, -3.1, 26.7),
  city('Shanghai', 'China', 31.2304, 121.4737, 4.6, 28.6),
  city('Tokyo', 'Japan', 35.6762, 139.6503, 5.4, 26.4),
  city('Seoul', 'South Korea', 37.5665, 126.978, -2.0, 25.7),
  city('Sydney', 'Australia', -33.8688, 151.2093, 23.5, 13.0),
  city('Melbourne', 'Australia', -37.8136, 144.9631, 20.5, 10.5),
  city('Auckland', 'New Zealand', -36.8485, 174.7633, 20.0, 11.0),
];

const POPULAR_CITIES: readonly string[] = [
  'London',
  'Paris',
  'New York',
  'Tokyo',
  'Rome',
  'Dubai',
  'Barcelona',
  'Sydney',
  'Singapore',
  'Istanbul',
  'Bangkok',
  'Hong Kong',
  'Los Angeles',
  'Amsterdam',
  'Prague',
  'Berlin',
  'Madrid',
  'Vienna',
  'Seoul',
  'Rio de Janeiro',
  'San Francisco',
  'Venice',
  'Kyoto',
  'Cape Town',
  'Lisbon',
];

const EUROPEAN_CITIES: readonly string[] = [
  'London',
  'Paris',
  'Berlin',
  'Madrid',
  'Rome',
  'Amsterdam',
  'Vienna',
  'Prague',
  'Lisbon',
  'Barcelona',
  'Munich',
  'Milan',
  'Brussels',
  'Copenhagen',
  'Stockholm',
  'Oslo',
  'Helsinki',
  'Dublin',
  'Edinburgh',
  'Zurich',
  'Warsaw',
  'Budapest',
  'Athens',
  'Lyon',
  'Hamburg',
  'Florence',
  'Seville',
  'Kraków',
  'Porto',
  'Reykjavik',
];

const ASIAN_CITIES: readonly string[] = [
  'Tokyo',
  'Osaka',
  'Kyoto',
  'Seoul',
  'Busan',
  'Beijing',
  'Shanghai',
  'Shenzhen',
  'Hong Kong',
  'Taipei',
  'Singapore',
  'Bangkok',
  'Chiang Mai',
  'Kuala Lumpur',
  'Jakarta',
  'Bali',
  'Manila',
  'Hanoi',
  'Ho Chi Minh City',
  'Mumbai',
  'Delhi',
  'Bangalore',
  'Kathmandu',
  'Colombo',
  'Dubai',
  'Doha',
  'Tashkent',
  'Almaty',
  'Ulaanbaatar',
  'Phnom Penh',
];

const ALL_CITIES = [
  ...new Set([
    ...CITIES.map((c) => c.city),
    ...POPULAR_CITIES,
    ...EUROPEAN_CITIES,
    ...ASIAN_CITIES,
  ]),
];
const COUNTRIES = [...new Set(CITIES.map((c) => c.country))];

const CONDITIONS = ['sunny', 'partly_cloudy', 'cloudy', 'rainy'] as const;
type Condition = (typeof CONDITIONS)[number];

/**
 * How far (°C) a city's five-day forecast strays from its current temperature at most, both
 * highs and lows: a forecast follows the weather it starts from.
 */
export const FORECAST_RANGE = 6;

/** How often each condition comes up, in the order of CONDITIONS. */
const CONDITION_WEIGHTS: readonly number[] = [0.35, 0.3, 0.15, 0.2];

/** The descriptions of each condition: a reading's description is always one of its condition's. */
export const CONDITION_DESCRIPTIONS: Readonly<Record<Condition, readonly string[]>> = {
  sunny: ['Sunny', 'Clear sky', 'Mostly sunny', 'Bright sunshine'],
  partly_cloudy: ['Partly cloudy', 'Scattered clouds', 'Few clouds', 'Sunny intervals'],
  cloudy: ['Cloudy', 'Overcast', 'Mostly cloudy', 'Broken clouds'],
  rainy: ['Light rain', 'Moderate rain', 'Showers', 'Drizzle', 'Heavy rain', 'Thunderstorms'],
};
/** Rain at freezing point: described as snow, still of the rainy condition. */
export const SNOWY_DESCRIPTIONS: readonly string[] = ['Light snow', 'Snow showers', 'Sleet'];
const ALL_DESCRIPTIONS = Object.values(CONDITION_DESCRIPTIONS).flat();

const DIRECTIONS: readonly string[] = [
  'N',
  'NNE',
  'NE',
  'ENE',
  'E',
  'ESE',
  'SE',
  'SSE',
  'S',
  'SSW',
  'SW',
  'WSW',
  'W',
  'WNW',
  'NW',
  'NNW',
];

const DAY_MS = 86_400_000;

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function dayOf(ms: number): string {
  return DAY_NAMES[new Date(ms).getUTCDay()] as string;
}

/** The typical daily mean temperature of `place` on the day of `ms`, following its seasons. */
function seasonalMean(place: City, ms: number): number {
  const dayOfYear = (ms - Date.UTC(new Date(ms).getUTCFullYear(), 0, 1)) / DAY_MS;
  const phase = (2 * Math.PI * (dayOfYear - 20)) / 365.25;
  return (place.jan + place.jul) / 2 + ((place.jan - place.jul) / 2) * Math.cos(phase);
}

function condition(random: Random): Condition {
  let r = random.next();
  for (let i = 0; i < CONDITIONS.length; i++) {
    r -= CONDITION_WEIGHTS[i] ?? 0;
    if (r < 0) return CONDITIONS[i] as Condition;
  }
  return 'sunny';
}

/** Weather tends to last: tomorrow keeps today's condition half of the time. */
function nextCondition(random: Random, previous: Condition): Condition {
  return random.bool(0.5) ? previous : condition(random);
}

function describe(random: Random, cond: Condition, temp: number): string {
  if (cond === 'rainy' && temp <= 0.5) return random.pick(SNOWY_DESCRIPTIONS);
  return random.pick(CONDITION_DESCRIPTIONS[cond]);
}

/** The day's temperature range (°C): wide under clear skies, narrow under clouds. */
function spread(random: Random, cond: Condition): number {
  return cond === 'sunny'
    ? random.float(6, 8, 1)
    : cond === 'rainy'
      ? random.float(3, 5, 1)
      : random.float(4, 7, 1);
}

function humidityFor(random: Random, cond: Condition): number {
  switch (cond) {
    case 'sunny':
      return random.int(25, 65);
    case 'partly_cloudy':
      return random.int(40, 80);
    case 'cloudy':
      return random.int(55, 90);
    default:
      return random.int(75, 98);
  }
}

/**
 * Apparent temperature (Steadman, as used by the Australian Bureau of Meteorology):
 * humidity makes heat feel hotter, wind makes any temperature feel colder.
 */
function feelsLike(temp: number, humidity: number, windKmh: number): number {
  const vapour = (humidity / 100) * 6.105 * Math.exp((17.27 * temp) / (237.7 + temp));
  return round1(temp + 0.33 * vapour - 0.7 * (windKmh / 3.6) - 4);
}

function windSpeed(random: Random): number {
  // Mostly light to moderate breezes, now and then a strong wind.
  return round1(2 + 45 * random.next() ** 2);
}

/**
 * The five days after `now`, each under a condition that follows the day before's; `temperatures`
 * gives a day's mean and range (°C), drawn after its condition.
 */
function fiveDays(
  random: Random,
  now: number,
  first: Condition,
  temperatures: (cond: Condition, ms: number) => { mean: number; range: number },
): JsonObject[] {
  const days: JsonObject[] = [];
  let cond = first;
  for (let i = 1; i <= 5; i++) {
    const ms = now + i * DAY_MS;
    cond = nextCondition(random, cond);
    const { mean, range } = temperatures(cond, ms);
    days.push({
      date: isoDay(ms),
      day: dayOf(ms),
      temp_high: round1(mean + range / 2),
      temp_low: round1(mean - range / 2),
      condition: cond,
    });
  }
  return days;
}

function forecast(random: Random, place: City, now: number, first: Condition): JsonObject[] {
  let anomaly = random.float(-3, 3, 1);
  return fiveDays(random, now, first, (cond, ms) => {
    anomaly = clamp(anomaly + random.float(-2, 2, 1), -6, 6);
    const mean = clamp(seasonalMean(place, ms) + anomaly, -6, 36);
    return { mean, range: spread(random, cond) };
  });
}

/** Today's typical mean temperature at `place`, give or take the weather of the moment. */
function todaysMean(random: Random, place: City, now: number): number {
  return seasonalMean(place, now) + random.float(-3, 3, 1);
}

function current(
  random: Random,
  place: City,
  now: number,
  cond: Condition,
  mean = todaysMean(random, place, now),
): JsonObject {
  // The hour at the place: warmest mid-afternoon, coolest before dawn.
  const utcHour = (now % DAY_MS) / 3_600_000;
  const localHour = (((utcHour + place.lon / 15) % 24) + 24) % 24;
  const diurnal = Math.cos((2 * Math.PI * (localHour - 15)) / 24);
  const temp = round1(clamp(mean + (spread(random, cond) / 2) * diurnal, -10, 40));
  const humidity = humidityFor(random, cond);
  const wind = windSpeed(random);
  return {
    date: isoDay(now),
    day: dayOf(now),
    temp,
    feels_like: feelsLike(temp, humidity, wind),
    humidity,
    wind_speed: wind,
    wind_direction: random.pick(DIRECTIONS),
    description: describe(random, cond, temp),
    condition: cond,
  };
}

/**
 * The five days after a reading of `temp` under `first` on a day of mean `mean`: each day's
 * mean drifts from today's, and every high and low stays within FORECAST_RANGE of `temp` (and
 * within -10..40), the low below the high.
 */
function forecastFrom(
  random: Random,
  now: number,
  first: Condition,
  mean: number,
  temp: number,
): JsonObject[] {
  // Half a degree inside the range, so that rounding to one decimal never leaves it.
  const lowest = Math.max(temp - FORECAST_RANGE + 0.5, -10);
  const highest = Math.min(temp + FORECAST_RANGE - 0.5, 40);
  let dayMean = mean;
  return fiveDays(random, now, first, (cond) => {
    const range = Math.min(spread(random, cond), highest - lowest);
    dayMean = clamp(dayMean + random.float(-2, 2, 1), lowest + range / 2, highest - range / 2);
    return { mean: dayMean, range };
  });
}

function location(place: City): JsonObject {
  return {
    city: place.city,
    country: place.country,
    coordinates: { lat: place.lat, lon: place.lon },
  };
}

/** The catalogue city of this name, if there is one. */
function cityNamed(name: unknown): City | undefined {
  return CITIES.find((place) => place.city === name);
}

/**
 * One city's weather as one story: its location, its current weather, which follows its climate
 * on that day and hour, and a five-day forecast that starts from it (within FORECAST_RANGE).
 * The city is the catalogue's city named `cityName`, or a random one when there is none of
 * that name. Shape: the weather sample's.
 */
export function weatherReport(ctx: GenContext, cityName?: unknown): JsonObject {
  const { random, now } = ctx;
  const place = cityNamed(cityName) ?? random.pick(CITIES);
  const cond = condition(random);
  const mean = todaysMean(random, place, now);
  const reading = current(random, place, now, cond, mean);
  return {
    location: location(place),
    current: reading,
    forecast: forecastFrom(random, now, cond, mean, reading.temp as number),
  };
}

const FORECAST_EXAMPLE: JsonObject[] = [
  { date: '2026-01-02', day: 'Friday', temp_high: 7.4, temp_low: 1.9, condition: 'partly_cloudy' },
  { date: '2026-01-03', day: 'Saturday', temp_high: 6.1, temp_low: 2.3, condition: 'rainy' },
  { date: '2026-01-04', day: 'Sunday', temp_high: 5.8, temp_low: 1.2, condition: 'cloudy' },
  { date: '2026-01-05', day: 'Monday', temp_high: 8.2, temp_low: 0.9, condition: 'sunny' },
  { date: '2026-01-06', day: 'Tuesday', temp_high: 8.9, temp_low: 2.4, condition: 'sunny' },
];

const CURRENT_EXAMPLE: JsonObject = {
  date: '2026-01-01',
  day: 'Thursday',
  temp: 6.3,
  feels_like: 2.8,
  humidity: 81,
  wind_speed: 14.2,
  wind_direction: 'SW',
  description: 'Light rain',
  condition: 'rainy',
};

const LOCATION_EXAMPLE: JsonObject = {
  city: 'London',
  country: 'United Kingdom',
  coordinates: { lat: 51.5074, lon: -0.1278 },
};

/** Weather: cities, readings, and current conditions with a five-day forecast for real places. */
export const weatherTypes: readonly DataType[] = [
  t('string', 'city', 'A city of the world', 'Lisbon', (c) => c.random.pick(ALL_CITIES)),
  t('string', 'popularcity', 'A world-famous city', 'Barcelona', (c) =>
    c.random.pick(POPULAR_CITIES),
  ),
  t('string', 'europeancity', 'A European city', 'Vienna', (c) => c.random.pick(EUROPEAN_CITIES)),
  t('string', 'asiancity', 'An Asian city', 'Kyoto', (c) => c.random.pick(ASIAN_CITIES)),
  t('string', 'country', 'A country', 'Japan', (c) => c.random.pick(COUNTRIES)),
  t('number', 'temperature', 'A temperature in °C with one decimal, from -10 to 40', 18.4, (c) =>
    // A sum of two uniforms: mild temperatures often, the extremes rarely.
    round1(15 + 24 * (c.random.next() + c.random.next() - 1)),
  ),
  t(
    'number',
    'feelslike',
    'An apparent ("feels like") temperature in °C with one decimal',
    16.9,
    (c) => {
      const temp = c.random.float(-10, 40, 1);
      return round1(clamp(feelsLike(temp, c.random.int(20, 95), windSpeed(c.random)), -20, 45));
    },
  ),
  t('number', 'humidity', 'A relative humidity in whole %, from 0 to 100', 64, (c) =>
    humidityFor(c.random, condition(c.random)),
  ),
  t('number', 'windspeed', 'A wind speed in km/h with one decimal', 14.2, (c) =>
    windSpeed(c.random),
  ),
  t('string', 'winddirection', 'A 16-point compass wind direction', 'NNW', (c) =>
    c.random.pick(DIRECTIONS),
  ),
  t('string', 'condition', 'One of sunny, partly_cloudy, cloudy or rainy', 'partly_cloudy', (c) =>
    condition(c.random),
  ),
  t('string', 'description', 'A short description of the weather', 'Light rain', (c) =>
    c.random.pick(ALL_DESCRIPTIONS),
  ),
  t('number', 'precipitation', 'Precipitation in mm over a day, with one decimal', 3.6, (c) =>
    c.random.bool(0.6) ? 0 : round1(30 * c.random.next() ** 2.5),
  ),
  t('number', 'uvindex', 'A UV index, whole, from 0 to 11', 5, (c) => c.random.int(0, 11)),
  t('string', 'date', 'A date within a week of now, as YYYY-MM-DD', '2026-01-03', (c) =>
    isoDate(c.random, c.now, -7, 7),
  ),
  t('string', 'dayofweek', 'A day of the week', 'Monday', (c) => c.random.pick(DAY_NAMES)),
  t(
    'array',
    'forecast',
    'Five days from tomorrow: date, day, temp_high, temp_low and condition',
    FORECAST_EXAMPLE,
    (c) => forecast(c.random, c.random.pick(CITIES), c.now, condition(c.random)),
  ),
  t(
    'object',
    'current',
    'Current weather: temperature, feels-like, humidity, wind and condition',
    CURRENT_EXAMPLE,
    (c) => current(c.random, c.random.pick(CITIES), c.now, condition(c.random)),
  ),
  t('object', 'location', 'A real city with its country and coordinates', LOCATION_EXAMPLE, (c) =>
    location(c.random.pick(CITIES)),
  ),
  t(
    'object',
    'complete',
    'A city with its current weather and a five-day forecast that starts from it',
    { location: LOCATION_EXAMPLE, current: CURRENT_EXAMPLE, forecast: FORECAST_EXAMPLE },
    (c) => weatherReport(c),
  ),
];
