import { describe, expect, it } from 'vitest';
import {
  barHeight,
  cappedProgress,
  formatChange,
  formatDuration,
  formatNumber,
  formatPercent,
  MIN_BAR_HEIGHT,
  percentChange,
} from './numbers.ts';

describe('formatNumber', () => {
  it('separates thousands', () => {
    expect(formatNumber(688573)).toBe('688,573');
    expect(formatNumber(1234567.891)).toBe('1,234,567.89');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(-48250)).toBe('-48,250');
  });

  it('keeps at most the given decimals', () => {
    expect(formatNumber(14.25, 1)).toBe('14.3');
    expect(formatNumber(10, 1)).toBe('10');
  });
});

describe('formatPercent', () => {
  it('adds a % to one decimal, with separators', () => {
    expect(formatPercent(44.44)).toBe('44.4%');
    expect(formatPercent(81)).toBe('81%');
    expect(formatPercent(5.846, 2)).toBe('5.85%');
    expect(formatPercent(1500)).toBe('1,500%');
  });
});

describe('percentChange', () => {
  it('is the change against the previous value, in %', () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(75, 100)).toBe(-25);
    expect(percentChange(100, 100)).toBe(0);
  });

  it('is 100% when the previous value is 0 (spec)', () => {
    expect(percentChange(2156, 0)).toBe(100);
    expect(percentChange(0, 0)).toBe(100);
  });

  it('measures against the size of a negative previous value', () => {
    expect(percentChange(-50, -100)).toBe(50);
  });
});

describe('formatChange', () => {
  it('signs the change and rounds it to one decimal', () => {
    expect(formatChange(12.345)).toBe('+12.3%');
    expect(formatChange(-79.384)).toBe('-79.4%');
    expect(formatChange(0)).toBe('0%');
    expect(formatChange(0.04)).toBe('0%');
    expect(formatChange(-0.04)).toBe('0%');
    expect(formatChange(17_880)).toBe('+17,880%');
  });
});

describe('formatDuration', () => {
  it('shows less than a minute in seconds', () => {
    expect(formatDuration(0)).toBe('0s');
    expect(formatDuration(45)).toBe('45s');
    expect(formatDuration(59)).toBe('59s');
  });

  it('shows a minute or more in minutes and seconds', () => {
    expect(formatDuration(60)).toBe('1m 0s');
    expect(formatDuration(184)).toBe('3m 4s');
    expect(formatDuration(420)).toBe('7m 0s');
    expect(formatDuration(3725)).toBe('62m 5s');
  });

  it('rounds to whole seconds first', () => {
    expect(formatDuration(59.4)).toBe('59s');
    expect(formatDuration(59.6)).toBe('1m 0s');
  });

  it('shows nonsense as 0s', () => {
    expect(formatDuration(-5)).toBe('0s');
    expect(formatDuration(Number.NaN)).toBe('0s');
  });
});

describe('barHeight', () => {
  it('is the share of the largest value, in %', () => {
    expect(barHeight(4223, 4223)).toBe(100);
    expect(barHeight(2000, 4000)).toBe(50);
  });

  it('is never below 5% (spec)', () => {
    expect(MIN_BAR_HEIGHT).toBe(5);
    expect(barHeight(1, 1000)).toBe(5);
    expect(barHeight(0, 1000)).toBe(5);
    expect(barHeight(0, 0)).toBe(5);
    expect(barHeight(60, 1000)).toBe(6);
  });

  it('is never above 100%', () => {
    expect(barHeight(200, 100)).toBe(100);
  });
});

describe('cappedProgress', () => {
  it('caps a progress at 100%', () => {
    expect(cappedProgress(73.4)).toBe(73.4);
    expect(cappedProgress(100)).toBe(100);
    expect(cappedProgress(287.5)).toBe(100);
  });

  it('never goes below 0 and treats nonsense as 0', () => {
    expect(cappedProgress(-3)).toBe(0);
    expect(cappedProgress(Number.NaN)).toBe(0);
  });
});
