import { describe, expect, it } from 'vitest';
import { heapProbe, parseHeapLine } from '../../../../scripts/lib/bulk/heap-probe';

describe('the command’s heap probe (CLIPDECK_HEAP_EVERY)', () => {
  it('is off unless asked for', () => {
    expect(heapProbe({}, () => undefined)).toBeUndefined();
    expect(heapProbe({ CLIPDECK_HEAP_EVERY: 'often' }, () => undefined)).toBeUndefined();
  });

  it('says the live heap after a collection every N notes, in a line the benchmark reads', () => {
    const lines: string[] = [];
    const probe = heapProbe({ CLIPDECK_HEAP_EVERY: '3' }, (line) => lines.push(line));
    for (let notes = 1; notes <= 7; notes++) probe?.(notes);
    expect(lines).toHaveLength(2);
    const heaps = lines.map(parseHeapLine);
    expect(heaps.map((heap) => heap?.notes)).toEqual([3, 6]);
    // Live heap, not resident size: less than what the process holds.
    const used = heaps[0]?.heapUsed ?? 0;
    expect(used).toBeGreaterThan(1_000_000);
    expect(used).toBeLessThan(process.memoryUsage().rss);
  });
});
