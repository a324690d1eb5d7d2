import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse, Scalar, stringify } from 'yaml';
import { yamlString } from '../../../../utils/clip/compose/template';

/**
 * yamlString is hand-written (the background bundle stays small); this is what it did with the
 * whole `yaml` emitter, kept here as the reference it must match for every string.
 */
function throughWholeEmitter(value: string): string {
  const scalar = new Scalar(value);
  scalar.type = Scalar.QUOTE_DOUBLE;
  return stringify(scalar, { lineWidth: 0, doubleQuotedMinMultiLineLength: Infinity })
    .trimEnd()
    .replace(
      /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff\ufffe\uffff]/gu,
      (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
}

const awkward = fc.constantFrom(
  '"',
  '\\',
  '\n',
  '\r\n',
  ' \n',
  '\t',
  '---',
  '...',
  '%YAML',
  '#',
  ': ',
  '- ',
  '\u0085',
  '\u00a0',
  '\u2028',
  '\u202e',
  '\ufeff',
  '\ud800',
  '\u0000',
  '\u001b',
  '\u007f',
  'é',
  '日本',
  ' ',
  'a',
  // After a backslash these read like escapes: only a whole escape may be rewritten.
  'u0000',
  'u001b',
  'u2028',
  'n',
);

describe('yamlString', () => {
  it('writes what the whole yaml emitter writes, for any string', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: awkward, maxLength: 30 }),
          fc.string({ unit: 'binary', maxLength: 200 }),
        ),
        (value) => {
          expect(yamlString(value)).toBe(throughWholeEmitter(value));
        },
      ),
      { numRuns: 500 },
    );
  }, 60_000);

  it('stays on one line and reads back unchanged, even when long', () => {
    const value = `${'word '.repeat(60)}\n--- "quoted" \\ end`;
    const written = yamlString(value);
    expect(written).not.toContain('\n');
    expect(parse(`key: ${written}`)).toEqual({ key: value });
  });
});
