/**
 * The stories of the sample APIs: what makes one sample body a single coherent story (one city's
 * weather, one customer's money, one site's traffic), where its template alone cannot say it.
 * A template's values are drawn apart from each other, and the template language has no way to
 * tie one part of a body to another. So the template generates the parts, and the sample's story,
 * a finishing step on the same random stream (`CompileOptions.finish`), makes them agree: the
 * same seed still gives the same body. The server serves the official sample APIs with their
 * story. Stories build new objects and never change the generated body in place.
 */
import { weatherReport } from './data-types/groups/weather.ts';
import type { JsonValue } from './json.ts';
import { getSampleApi, type SampleCode, type WeatherSample } from './samples.ts';
import { type CompiledTemplate, compileTemplate, type Finish } from './template/compile.ts';

/**
 * Weather: the current weather and the forecast are those of the location's city, the current
 * weather following its climate and the forecast starting from the current temperature.
 */
const weatherStory: Finish = (body, ctx) => {
  const { location } = body as WeatherSample;
  return weatherReport(ctx, location.city);
};

/** The story of each sample whose template cannot tell it alone. */
export const SAMPLE_STORIES: Readonly<Partial<Record<SampleCode, Finish>>> = {
  weather: weatherStory,
};

/** The story of the sample API with this request id, if it is one and has one. */
export function sampleStory(requestId: string): Finish | undefined {
  return Object.hasOwn(SAMPLE_STORIES, requestId)
    ? SAMPLE_STORIES[requestId as SampleCode]
    : undefined;
}

/**
 * A sample's template compiled with its story: the generator of the sample API's bodies, as the
 * server serves them. Throws if the template is invalid (a bug of ours).
 */
export function compileSample(code: SampleCode): CompiledTemplate {
  const compiled = compileTemplate(getSampleApi(code).template as JsonValue, {
    mode: 'full',
    finish: sampleStory(code),
  });
  if (!compiled.ok) throw new Error(`Sample ${code} is invalid: ${compiled.errors[0]?.message}`);
  return compiled.value;
}
