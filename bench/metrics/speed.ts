/** Order statistics for engine times (milliseconds). */

/** Linear interpolation between closest ranks; `fraction` in [0, 1]. */
export function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * fraction;
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  const low = sorted[lower] as number;
  const high = sorted[upper] as number;
  return low + (high - low) * (position - lower);
}

export const median = (values: readonly number[]) => percentile(values, 0.5);

export function geometricMean(values: readonly number[]): number {
  const positive = values.filter((value) => value > 0 && Number.isFinite(value));
  if (positive.length === 0) return Number.NaN;
  return Math.exp(positive.reduce((sum, value) => sum + Math.log(value), 0) / positive.length);
}
