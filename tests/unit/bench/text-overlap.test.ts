import { describe, expect, it } from 'vitest';
import {
  bootstrapSpread,
  scorePage,
  shingles,
  summarise,
  tokenise,
} from '../../../bench/metrics/text-overlap';

describe('tokenise', () => {
  it('keeps word characters of any script and drops punctuation, markup and whitespace', () => {
    expect(tokenise('**Hello**, wörld_1! [link](x) — 42')).toEqual([
      'Hello',
      'wörld_1',
      'link',
      'x',
      '42',
    ]);
  });

  it('keeps case and turns unspaced CJK text into one token', () => {
    expect(tokenise('Apple apple 人工智能迈上新台阶')).toEqual([
      'Apple',
      'apple',
      '人工智能迈上新台阶',
    ]);
  });

  it('splits at combining marks, as Python’s \\w does', () => {
    // "é" written as e + U+0301: the accent is not a word character in Python either.
    expect(tokenise('cafe\u0301 noir')).toEqual(['cafe', 'noir']);
  });

  it('returns nothing for text without words', () => {
    expect(tokenise('  --- *** \n')).toEqual([]);
  });
});

describe('shingles', () => {
  it('counts overlapping word 4-grams as a multiset', () => {
    const counts = shingles(tokenise('a b c d a b c d'));
    expect([...counts.values()].reduce((sum, count) => sum + count, 0)).toBe(5);
    expect(counts.size).toBe(4);
  });

  it.each([
    ['one', 1],
    ['one two', 1],
    ['one two three', 1],
  ])('makes one shingle of a %s-token text', (text) => {
    expect(shingles(tokenise(text)).size).toBe(1);
  });

  it('makes none of an empty text', () => {
    expect(shingles([]).size).toBe(0);
  });
});

describe('scorePage', () => {
  const truth = 'The quick brown fox jumps over the lazy dog';

  it('gives precision and recall 1 to an identical text, whatever its markup', () => {
    expect(scorePage(truth, '# The *quick* brown fox\n\njumps over the lazy dog.')).toEqual({
      precision: 1,
      recall: 1,
      exact: true,
    });
  });

  it('leaves an empty prediction out of precision and gives it recall 0', () => {
    expect(scorePage(truth, '')).toEqual({ precision: undefined, recall: 0, exact: false });
  });

  it('scores extra text as a precision loss only', () => {
    const score = scorePage(truth, `${truth} Share this on social media`);
    expect(score.recall).toBe(1);
    expect(score.precision).toBeCloseTo(6 / 11);
  });

  it('scores missing text as a recall loss only', () => {
    const score = scorePage(truth, 'The quick brown fox jumps');
    expect(score.precision).toBe(1);
    expect(score.recall).toBeCloseTo(2 / 6);
  });

  it('compares short texts as one shingle: all or nothing', () => {
    expect(scorePage('Hello world', 'Hello world')).toMatchObject({ precision: 1, recall: 1 });
    expect(scorePage('Hello world', 'Hello there world')).toMatchObject({
      precision: 0,
      recall: 0,
    });
  });

  it('counts a repeated passage only as often as the truth has it', () => {
    const score = scorePage('a b c d', 'a b c d a b c d');
    expect(score.recall).toBe(1);
    expect(score.precision).toBeCloseTo(1 / 5);
  });
});

describe('summarise', () => {
  it('averages precision over pages with output, recall over all, then takes F1 of the two', () => {
    const summary = summarise([
      { precision: 1, recall: 1, exact: true },
      { precision: 0.5, recall: 0.5, exact: false },
      { precision: undefined, recall: 0, exact: false },
    ]);
    expect(summary.precision).toBeCloseTo(0.75);
    expect(summary.recall).toBeCloseTo(0.5);
    expect(summary.f1).toBeCloseTo((2 * 0.75 * 0.5) / 1.25);
    expect(summary.accuracy).toBeCloseTo(1 / 3);
    expect(summary.emptyPredictions).toBe(1);
  });

  it('is all zeros when no page produced anything', () => {
    expect(summarise([{ precision: undefined, recall: 0, exact: false }])).toMatchObject({
      precision: 0,
      recall: 0,
      f1: 0,
    });
  });
});

describe('bootstrapSpread', () => {
  it('is zero when every page scores the same and positive when they differ', () => {
    const same = Array.from({ length: 10 }, () => ({ precision: 0.9, recall: 0.8, exact: false }));
    expect(bootstrapSpread(same).f1).toBeCloseTo(0);
    const mixed = [...same, { precision: 0.1, recall: 0.2, exact: false }];
    expect(bootstrapSpread(mixed).f1).toBeGreaterThan(0.01);
  });

  it('gives the same figures on a re-run', () => {
    const pages = [
      { precision: 0.2, recall: 0.9, exact: false },
      { precision: 0.9, recall: 0.4, exact: true },
    ];
    expect(bootstrapSpread(pages)).toEqual(bootstrapSpread(pages));
  });
});
