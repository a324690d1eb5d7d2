import { ImportFileError } from './types';

/**
 * The largest file read. Pocket splits its export at 10,000 links a file (about 1.5 MB); an
 * Omnivore or Raindrop export of 10,000 links with excerpts and highlights stays well under
 * this. The cap keeps a wrong pick (a video, a disk image) from being read into memory whole.
 */
export const MAX_IMPORT_BYTES = 32 * 1024 * 1024;

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/**
 * The file's text. UTF-8 (with or without a byte order mark) is what every service writes today;
 * UTF-16 with a mark is what Excel's "Unicode text" save gives; anything that is not valid UTF-8
 * is read as Windows-1252, what older Windows tools (and Excel's CSV save) write, so “é” in a
 * title is not turned into replacement characters.
 */
export function decodeImportFile(input: string | Uint8Array): string {
  if (typeof input === 'string') {
    if (input.length > MAX_IMPORT_BYTES) throw tooLarge(input.length);
    return refuseBinary(input.replace(/^\uFEFF/, ''));
  }
  if (input.byteLength > MAX_IMPORT_BYTES) throw tooLarge(input.byteLength);
  if (ZIP_MAGIC.every((byte, index) => input[index] === byte)) {
    throw new ImportFileError(
      'binary',
      'zip',
      'is a zip archive, not an export file: unzip it first and choose the .csv, .json or .html file inside',
    );
  }
  if (input[0] === 0xff && input[1] === 0xfe) {
    return refuseBinary(new TextDecoder('utf-16le').decode(input.subarray(2)));
  }
  if (input[0] === 0xfe && input[1] === 0xff) {
    return refuseBinary(new TextDecoder('utf-16be').decode(input.subarray(2)));
  }
  let text: string;
  try {
    // TextDecoder drops a UTF-8 byte order mark itself.
    text = new TextDecoder('utf-8', { fatal: true }).decode(input);
  } catch {
    text = decodeWindows1252(input);
  }
  return refuseBinary(text);
}

/** Windows-1252's letters and signs where ISO-8859-1 has C1 controls (0x80–0x9F). */
const WINDOWS_1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

/**
 * Decoded here rather than with TextDecoder('windows-1252'): Node's decoder reads that label as
 * ISO-8859-1 and gives C1 controls for “smart quotes” and €, where browsers give the letters.
 */
function decodeWindows1252(input: Uint8Array): string {
  return new TextDecoder('latin1')
    .decode(input)
    .replace(
      /[\u0080-\u009f]/g,
      (control) => WINDOWS_1252_HIGH[control.charCodeAt(0) - 0x80] ?? '',
    );
}

/** A NUL is never in a text export; it is the surest sign of a binary file picked by mistake. */
function refuseBinary(text: string): string {
  const at = text.indexOf('\0');
  if (at === -1) return text;
  throw new ImportFileError(
    'binary',
    'binary',
    'holds binary data, not text: choose the export file itself (.csv, .json, .html or .txt)',
    lineAt(text, at),
  );
}

function tooLarge(size: number): ImportFileError {
  const megabytes = Math.ceil(size / (1024 * 1024));
  const limit = MAX_IMPORT_BYTES / (1024 * 1024);
  return new ImportFileError(
    'too-large',
    'too-large',
    `is ${megabytes} MB, more than the ${limit} MB Clipdeck reads at once: split it into smaller files and import each`,
    undefined,
    { megabytes, limit },
  );
}

/** The 1-based line of a character offset (CRLF, LF and lone CR each end a line). */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let index = 0; index < offset && index < text.length; index++) {
    const character = text.charCodeAt(index);
    if (character === 10) line++;
    else if (character === 13 && text.charCodeAt(index + 1) !== 10) line++;
  }
  return line;
}
