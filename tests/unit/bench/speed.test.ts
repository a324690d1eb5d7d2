import { describe, expect, it } from 'vitest';
import { geometricMean, median, percentile } from '../../../bench/metrics/speed';

describe('speed figures', () => {
  it('interpolates percentiles between ranks, whatever the input order', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(percentile([10, 20, 30, 40, 50], 0.95)).toBeCloseTo(48);
    expect(Number.isNaN(median([]))).toBe(true);
  });

  it('averages ratios geometrically, so 2× and 0.5× cancel out', () => {
    expect(geometricMean([2, 0.5])).toBeCloseTo(1);
  });
});
