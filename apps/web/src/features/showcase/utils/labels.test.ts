import { Cloud } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import {
  conditionLabel,
  conditionLook,
  formatTemperature,
  KNOWN_SOURCES,
  sourceColor,
} from './labels.ts';

describe('conditionLabel', () => {
  it('names the four conditions of the samples', () => {
    expect(['sunny', 'partly_cloudy', 'cloudy', 'rainy'].map(conditionLabel)).toEqual([
      'Sunny',
      'Partly cloudy',
      'Cloudy',
      'Rainy',
    ]);
  });

  it('tidies any other', () => {
    expect(conditionLabel('heavy_snow')).toBe('Heavy snow');
  });
});

describe('conditionLook', () => {
  it('gives each condition of the samples an icon of its own, beside its words', () => {
    const looks = ['sunny', 'partly_cloudy', 'cloudy', 'rainy'].map(conditionLook);
    expect(new Set(looks.map((look) => look.icon)).size).toBe(4);
    expect(looks.map((look) => look.label)).toEqual(['Sunny', 'Partly cloudy', 'Cloudy', 'Rainy']);
  });

  it('draws any other condition as a plain cloud, and no inherited key as a condition', () => {
    expect(conditionLook('heavy_snow')).toMatchObject({ label: 'Heavy snow', icon: Cloud });
    expect(conditionLook('toString')).toMatchObject({ label: 'ToString', icon: Cloud });
  });
});

describe('formatTemperature', () => {
  it('shows °C with at most one decimal', () => {
    expect(formatTemperature(6.94)).toBe('6.9°C');
    expect(formatTemperature(-3)).toBe('-3°C');
  });
});

describe('sourceColor', () => {
  it('gives each traffic source of the catalogue a colour of its own', () => {
    expect(KNOWN_SOURCES).toEqual(
      expect.arrayContaining([
        'Organic Search',
        'Direct',
        'Social',
        'Referral',
        'Email',
        'Paid Search',
      ]),
    );
    const colors = KNOWN_SOURCES.map((name, index) => sourceColor(name, index));
    expect(new Set(colors).size).toBe(KNOWN_SOURCES.length);
  });

  it('keeps a source colour whatever its position', () => {
    expect(sourceColor('Direct', 0)).toBe(sourceColor('Direct', 5));
  });

  it('gives unknown sources spare colours by position, none of a known source', () => {
    const known = new Set(KNOWN_SOURCES.map((name, index) => sourceColor(name, index)));
    expect(sourceColor('Podcast', 0)).not.toBe(sourceColor('Newsletter', 1));
    for (let i = 0; i < 8; i++) expect(known.has(sourceColor(`Other ${i}`, i))).toBe(false);
  });
});
