import { describe, expect, it } from 'vitest';
import { lineCounter } from '../../../bench/bulk/stdout-lines';

describe('lineCounter', () => {
  it('counts a line that arrives in two chunks once', () => {
    const counter = lineCounter();
    const line = `${JSON.stringify({ id: 'n1', markdown_text: 'x'.repeat(70_000) })}\n`;
    counter.add(line.slice(0, 65_536));
    counter.add(line.slice(65_536) + line.slice(0, 10));
    counter.add(line.slice(10));
    expect(counter.count()).toBe(2);
  });

  it('does not count a line still being written', () => {
    const counter = lineCounter();
    expect(counter.add('{"id":"n1"}\n{"id":')).toBe(1);
    expect(counter.add('"n2"}\n')).toBe(2);
  });
});
