import { resolve } from 'node:path';

/** A Pocket CSV export: 5 links (one title over two lines, one untitled) and 1 entry with no address. */
export const POCKET_EXPORT = resolve('tests/fixtures/import/pocket.csv');

/** The titles of the notes an import of POCKET_EXPORT makes, sorted. */
export const POCKET_TITLES = [
  'A title over two lines',
  'Freesound - Freesound',
  'Why "boring" tech wins, again',
  'example.net/untitled',
  'Über Änderungen: Grüße aus Köln',
];
