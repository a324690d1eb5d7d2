import type { ImportError, ImportFormat } from '../import';
import { formatNumber, t } from './core';

/** An export format's name as a sentence uses it ("is not a Pocket export (CSV)"). */
export function importFormatName(format: ImportFormat): string {
  switch (format) {
    case 'urls':
      return t('options.import.format.urls');
    case 'pocket':
      return t('options.import.format.pocket');
    case 'instapaper':
      return t('options.import.format.instapaper');
    case 'omnivore':
      return t('options.import.format.omnivore');
    case 'raindrop':
      return t('options.import.format.raindrop');
    case 'netscape':
      return t('options.import.format.netscape');
  }
}

/**
 * A file the import could not read, in the user's language: the parsers (Node-safe, shared with
 * the English command line) give a code and its parameters; the file and line lead the sentence.
 * The switch is exhaustive: a new code fails to compile until it has its sentence.
 */
export function importErrorText(error: ImportError): string {
  const where =
    error.line === undefined
      ? error.fileName
      : t('options.import.error.atLine', { file: error.fileName, line: formatNumber(error.line) });
  const param = (name: string) => {
    const value = error.params?.[name];
    return typeof value === 'number' ? formatNumber(value) : (value ?? '');
  };
  switch (error.code) {
    case 'zip':
      return t('options.import.error.zip', { where });
    case 'binary':
      return t('options.import.error.binary', { where });
    case 'too-large':
      return t('options.import.error.tooLarge', {
        where,
        megabytes: param('megabytes'),
        limit: param('limit'),
      });
    case 'not-omnivore':
      return t('options.import.error.notOmnivore', { where });
    case 'omnivore-cut':
      return t('options.import.error.omnivoreCut', { where });
    case 'omnivore-json':
      return t('options.import.error.omnivoreJson', { where });
    case 'empty':
      return t('options.import.error.empty', { where });
    case 'no-links':
      return t('options.import.error.noLinks', { where });
    case 'no-links-skipped':
      return t('options.import.error.noLinksSkipped', {
        where,
        skipped: param('skipped'),
        firstLine: param('firstLine'),
      });
    case 'unknown-format':
      return t('options.import.error.unknownFormat', { where });
    case 'csv-open-quote':
      return t('options.import.error.csvOpenQuote', { where });
    case 'csv-header':
      return t('options.import.error.csvHeader', {
        where,
        format: importFormatName(error.params?.format as ImportFormat),
        header: String(error.params?.header ?? ''),
      });
    case 'csv-cut':
      return t('options.import.error.csvCut', {
        where,
        width: param('width'),
        columns: param('columns'),
      });
    case 'csv-columns':
      return t('options.import.error.csvColumns', {
        where,
        width: param('width'),
        columns: param('columns'),
      });
    case 'bookmarks-cut':
      return t('options.import.error.bookmarksCut', { where });
    case 'folders-unclosed':
      return t('options.import.error.foldersUnclosed', { where });
    case 'tag-unclosed':
      return t('options.import.error.tagUnclosed', { where, tag: param('tag') });
    case 'not-bookmarks':
      return t('options.import.error.notBookmarks', { where });
    case 'unreadable':
      return t('options.import.error.unreadable', { where, reason: param('reason') });
  }
}
