import type { UserError } from '../result';

/** The export layouts Clipdeck reads; detected from the file, or forced by the caller. */
export const IMPORT_FORMATS = [
  'urls',
  'pocket',
  'instapaper',
  'omnivore',
  'raindrop',
  'netscape',
] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** How each format is named in a sentence for the user. */
export const FORMAT_NAMES: Record<ImportFormat, string> = {
  urls: 'a list of addresses',
  pocket: 'a Pocket export (CSV)',
  instapaper: 'an Instapaper export (CSV)',
  omnivore: 'an Omnivore export (metadata JSON)',
  raindrop: 'a Raindrop.io export (CSV)',
  netscape: 'a bookmarks file (HTML)',
};

/** One saved link as the export knew it; what a bookmark note or a clip is made from. */
export interface ImportedLink {
  /** An http(s) address, as the export wrote it (trimmed). */
  url: string;
  title?: string;
  /** Normalised like the user's own tags (utils/settings normaliseTags). */
  tags: string[];
  /** The folder the link sat in, outermost first; empty for none. */
  folders: string[];
  excerpt?: string;
  /** When the link was saved to the service, ISO 8601. */
  savedAt?: string;
  /** Passages the user highlighted, each as written (may span lines). */
  highlights: string[];
  /** The line of the file where the link starts (1-based), for messages. */
  line: number;
}

/** A row or entry of the file that names no web page; the rest of the file is still read. */
export interface SkippedEntry {
  line: number;
  /** A sentence: what was wrong with it. */
  reason: string;
}

export type ImportErrorKind =
  /** Not the format asked for, or none Clipdeck reads. */
  | 'unknown-format'
  /** The file ends in the middle of an entry. */
  | 'truncated'
  /** The file is of the format but a part of it cannot be read. */
  | 'malformed'
  | 'too-large'
  | 'binary'
  /** Nothing in it names a web page. */
  | 'empty';

/**
 * Why a file cannot be imported. `message` is one line naming the file (and the line, where there
 * is one) and saying what to do; nothing from the file has been sent when this is returned.
 */
export interface ImportError extends UserError {
  kind: ImportErrorKind;
  code: ImportErrorCode;
  params?: ImportErrorParams;
  fileName: string;
  line?: number;
}

export type ImportResult =
  | { ok: true; format: ImportFormat; links: ImportedLink[]; skipped: SkippedEntry[] }
  | { ok: false; error: ImportError };

export interface ImportOptions {
  /** The file's name as the user knows it; every message names it. */
  fileName: string;
  /** Read the file as this format instead of detecting it. */
  format?: ImportFormat;
}

/**
 * What exactly is wrong with a file, for the options page to word in the user's language
 * (utils/i18n importErrorText; `params` fill its placeholders). The command line prints the
 * English `message`.
 */
export type ImportErrorCode =
  | 'zip'
  | 'binary'
  | 'too-large'
  | 'not-omnivore'
  | 'omnivore-cut'
  | 'omnivore-json'
  | 'empty'
  | 'no-links'
  | 'no-links-skipped'
  | 'unknown-format'
  | 'csv-open-quote'
  | 'csv-header'
  | 'csv-cut'
  | 'csv-columns'
  | 'bookmarks-cut'
  | 'folders-unclosed'
  | 'tag-unclosed'
  | 'not-bookmarks'
  | 'unreadable';

export type ImportErrorParams = Record<string, string | number>;

/** Thrown inside a parser and turned into an ImportError at the boundary. */
export class ImportFileError extends Error {
  constructor(
    readonly kind: ImportErrorKind,
    readonly code: ImportErrorCode,
    readonly detail: string,
    readonly line?: number,
    readonly params: ImportErrorParams = {},
  ) {
    super(detail);
    this.name = 'ImportFileError';
  }
}
