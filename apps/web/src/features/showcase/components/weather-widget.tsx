import type { WeatherSample } from '@mocksmith/core/samples';
import { Droplets, MapPin, Wind } from 'lucide-react';
import { DEMO_WEATHER } from '../data/demo-data.ts';
import { showcaseTexts } from '../texts.ts';
import { formatLongDate } from '../utils/dates.ts';
import { keyed } from '../utils/keys.ts';
import { conditionLabel, formatTemperature } from '../utils/labels.ts';
import { formatNumber, formatPercent } from '../utils/numbers.ts';
import { PreviewSection } from './charts.tsx';
import { ConditionIcon } from './icons.tsx';
import { ShowcaseWidget } from './showcase-widget.tsx';

/** The weather widget, fed by the `weather` sample API. */
export function WeatherWidget() {
  return (
    <ShowcaseWidget
      code="weather"
      name="Weather"
      dataName="weather"
      description="Current conditions and a five-day forecast for a city, from a single GET call."
      demo={DEMO_WEATHER}
      warning={showcaseTexts.weatherFallback}
    >
      {(body) => <WeatherPreview body={body} />}
    </ShowcaseWidget>
  );
}

/**
 * City, country, day and date, temperature, feels like, description, wind (km/h), humidity and
 * the forecast days with high, low and a condition icon.
 */
export function WeatherPreview({ body }: { body: WeatherSample }) {
  const { location, current, forecast } = body;
  return (
    <div
      data-testid="weather-preview"
      className="rounded-lg border border-sky-200 bg-gradient-to-br from-sky-50 to-indigo-50 p-4 sm:p-6 dark:border-slate-700 dark:from-slate-900 dark:to-indigo-950/60"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="flex items-center gap-1.5 text-xl font-semibold">
            <MapPin className="size-5 shrink-0 text-sky-700 dark:text-sky-300" aria-hidden="true" />
            <span className="min-w-0 break-words">
              {location.city}, {location.country}
            </span>
          </h3>
          <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-300">
            {formatLongDate(current.day, current.date)}
          </p>
        </div>
      </div>

      <div className="mt-5 flex flex-wrap items-center gap-4 sm:gap-6">
        <ConditionIcon condition={current.condition} className="size-16 shrink-0 sm:size-20" />
        <div>
          <p className="text-4xl font-bold tabular-nums sm:text-5xl">
            <span className="sr-only">Temperature </span>
            {formatTemperature(current.temp)}
          </p>
          <p className="mt-1 font-medium">{current.description}</p>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Feels like {formatTemperature(current.feels_like)}
          </p>
        </div>
      </div>

      <dl className="mt-5 grid grid-cols-2 gap-3">
        <div className="rounded-md bg-white/70 p-3 dark:bg-slate-800/70">
          <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-600 dark:text-slate-300">
            <Wind className="size-4" aria-hidden="true" />
            Wind
          </dt>
          <dd className="mt-0.5 font-semibold tabular-nums">
            {formatNumber(current.wind_speed, 1)} km/h {current.wind_direction}
          </dd>
        </div>
        <div className="rounded-md bg-white/70 p-3 dark:bg-slate-800/70">
          <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-600 dark:text-slate-300">
            <Droplets className="size-4" aria-hidden="true" />
            Humidity
          </dt>
          <dd className="mt-0.5 font-semibold tabular-nums">{formatPercent(current.humidity)}</dd>
        </div>
      </dl>

      <PreviewSection title={`${forecast.length}-day forecast`} className="mt-6">
        <ol className="grid grid-cols-5 gap-1.5 sm:gap-3">
          {keyed(forecast, (day) => day.date).map(({ key, item: day }) => (
            <li
              key={key}
              className="flex min-w-0 flex-col items-center gap-1 rounded-md bg-white/70 px-1 py-2 text-center dark:bg-slate-800/70"
            >
              <span className="text-xs font-semibold">
                <span aria-hidden="true">{day.day.slice(0, 3)}</span>
                <span className="sr-only">
                  {day.day}: {conditionLabel(day.condition)},
                </span>
              </span>
              <ConditionIcon condition={day.condition} className="size-7" />
              <span className="text-sm font-semibold tabular-nums">
                <span className="sr-only">high </span>
                {formatNumber(day.temp_high, 1)}°
              </span>
              <span className="text-xs text-slate-600 tabular-nums dark:text-slate-300">
                <span className="sr-only">low </span>
                {formatNumber(day.temp_low, 1)}°
              </span>
            </li>
          ))}
        </ol>
      </PreviewSection>
    </div>
  );
}
