import { existsSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { extname } from 'node:path';
import { parseArgs } from 'node:util';
import { IMPORT_FORMATS, type ImportFormat } from '../../../utils/import';
import { failure, type Result } from '../../../utils/result';
// Node-safe: the settings index declares storage items, which need an extension.
import { parseTags } from '../../../utils/settings/tags';
import { BROWSER_NAMES, type BrowserName } from '../launchers';

export const USAGE = `Usage: npm start -- [<url-or-html-file>...] [--from <export-file>...] [options]

Clips web pages into notes through the real extension, one JSON line per stored note on stdout.
Clips into NOTES_API_URL with NOTES_API_KEY, or into an embedded local Notes server.

  --from <file>          a reading list or export: a list of URLs, Pocket, Instapaper or
                         Raindrop CSV, Omnivore metadata JSON, bookmarks HTML (repeatable)
  --format <name>        read every --from file as this format instead of detecting it:
                         ${IMPORT_FORMATS.join(', ')}
  --mode <mode>          article (default), full-page or bookmark (no page is loaded)
  --tags a,b             tags added to every note
  --deck <id>            the deck for every note (default: the default notebook)
  --deck-map 'A/B=id'    links in folder A/B (and below) go to deck id (repeatable);
                         other folders become tags
  --again                clip links the service already has a note of
  --on-fail <what>       bookmark (default): a page that cannot be clipped becomes a bookmark
                         note with what the export knew; skip: it is only listed
  --jobs <n>             pages clipped at once (default ${defaultJobs()} on this machine)
  --page-timeout <s>     per-page time limit in seconds (default 30)
  --journal <file>       where the run records its progress (default: next to the first
                         --from file); run the same command again to continue after a stop
  --browser <name>       ${BROWSER_NAMES.join(' or ')} (default ${BROWSER_NAMES[0]})
  --headless             no browser window even when a display is available`;

export const CLIP_MODES = ['article', 'full-page', 'bookmark'] as const;
export type RunMode = (typeof CLIP_MODES)[number];
export const ON_FAIL = ['bookmark', 'skip'] as const;

export interface DeckRule {
  /** Folder path segments: a link in this folder or below goes to `deckId`. */
  folders: string[];
  deckId: string;
}

export interface Command {
  /** http(s) addresses and local HTML files, in the order given. */
  targets: Array<{ kind: 'url'; url: string } | { kind: 'file'; path: string }>;
  from: string[];
  format?: ImportFormat;
  mode: RunMode;
  tags: string[];
  deck?: string;
  deckMap: DeckRule[];
  again: boolean;
  onFail: (typeof ON_FAIL)[number];
  jobs: number;
  pageTimeoutMs: number;
  journal?: string;
  browser: BrowserName;
  headless: boolean;
}

/** Tabs at once: page loading waits on the network more than on the processor. */
export function defaultJobs(): number {
  return Math.min(8, Math.max(2, availableParallelism() * 2));
}

const EXPORT_EXTENSIONS = new Set(['.csv', '.json', '.txt', '.md']);

/**
 * Reads and checks the whole command line before anything starts (no server, no browser, no
 * request): a mistake is one sentence that says what to write instead.
 */
export function parseCommand(argv: string[]): Result<{ command: Command }> | { ok: 'help' } {
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions(argv);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return failure('usage', `${reason}. See npm start -- --help.`);
  }
  const { values, positionals } = parsed;
  if (values.help) return { ok: 'help' };

  const targets: Command['targets'] = [];
  for (const arg of positionals) {
    if (/^https?:\/\/[^/\s]/i.test(arg) && URL.canParse(arg)) {
      targets.push({ kind: 'url', url: arg });
      continue;
    }
    if (existsSync(arg) && statSync(arg).isFile()) {
      if (EXPORT_EXTENSIONS.has(extname(arg).toLowerCase())) {
        return failure(
          'usage',
          `${arg} looks like a reading list or export, not a web page: give it with --from ${arg}.`,
        );
      }
      targets.push({ kind: 'file', path: arg });
      continue;
    }
    return failure(
      'usage',
      /^[a-z][a-z0-9+.-]*:/i.test(arg) && !/^https?:/i.test(arg)
        ? `${arg} is not a web address Clipdeck can open: give an http:// or https:// address.`
        : `${arg} is neither a web address (https://…) nor a file that exists: check it, or give a reading list with --from <file>.`,
    );
  }
  for (const file of values.from) {
    if (!existsSync(file) || !statSync(file).isFile()) {
      return failure('usage', `--from ${file}: there is no such file.`);
    }
  }
  if (!targets.length && !values.from.length) {
    return failure(
      'usage',
      'Nothing to clip: give web addresses or HTML files, or --from <file>. See npm start -- --help.',
    );
  }

  if (
    values.format !== undefined &&
    !(IMPORT_FORMATS as readonly string[]).includes(values.format)
  ) {
    return failure('usage', `--format ${values.format}: choose ${IMPORT_FORMATS.join(', ')}.`);
  }
  const mode = values.mode ?? 'article';
  if (!(CLIP_MODES as readonly string[]).includes(mode)) {
    return failure('usage', `--mode ${mode}: choose ${CLIP_MODES.join(', ')}.`);
  }
  const onFail = values['on-fail'] ?? 'bookmark';
  if (!(ON_FAIL as readonly string[]).includes(onFail)) {
    return failure('usage', `--on-fail ${onFail}: choose bookmark or skip.`);
  }
  const browser: string = values.browser ?? 'chromium';
  if (!(BROWSER_NAMES as readonly string[]).includes(browser)) {
    return failure('usage', `--browser ${browser}: choose ${BROWSER_NAMES.join(' or ')}.`);
  }
  const jobs = wholeNumber(values.jobs, defaultJobs());
  if (jobs === undefined || jobs < 1 || jobs > 32) {
    return failure('usage', `--jobs ${values.jobs}: give a whole number from 1 to 32.`);
  }
  const pageTimeout = wholeNumber(values['page-timeout'], 30);
  if (pageTimeout === undefined || pageTimeout < 1 || pageTimeout > 600) {
    return failure(
      'usage',
      `--page-timeout ${values['page-timeout']}: give seconds, from 1 to 600.`,
    );
  }
  if (values.deck !== undefined && !values.deck.trim()) {
    return failure('usage', '--deck needs a deck id.');
  }
  const deckMap: DeckRule[] = [];
  for (const rule of values['deck-map']) {
    const split = rule.lastIndexOf('=');
    const folders = rule
      .slice(0, Math.max(split, 0))
      .split('/')
      .map((part) => part.trim())
      .filter(Boolean);
    const deckId = rule.slice(split + 1).trim();
    if (split < 0 || !folders.length || !deckId) {
      return failure('usage', `--deck-map ${rule}: write it as 'Folder/Sub=deck-id'.`);
    }
    deckMap.push({ folders, deckId });
  }
  if (values.journal !== undefined && !values.journal.trim()) {
    return failure('usage', '--journal needs a file name.');
  }

  return {
    ok: true,
    command: {
      targets,
      from: values.from,
      ...(values.format !== undefined && { format: values.format as ImportFormat }),
      mode: mode as RunMode,
      tags: values.tags ? parseTags(values.tags) : [],
      ...(values.deck !== undefined && { deck: values.deck.trim() }),
      deckMap,
      again: values.again,
      onFail: onFail as Command['onFail'],
      jobs,
      pageTimeoutMs: pageTimeout * 1000,
      ...(values.journal !== undefined && { journal: values.journal }),
      browser: browser as BrowserName,
      headless: values.headless,
    },
  };
}

function parseOptions(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      from: { type: 'string', multiple: true, default: [] },
      format: { type: 'string' },
      mode: { type: 'string' },
      deck: { type: 'string' },
      'deck-map': { type: 'string', multiple: true, default: [] },
      tags: { type: 'string' },
      again: { type: 'boolean', default: false },
      'on-fail': { type: 'string' },
      jobs: { type: 'string' },
      'page-timeout': { type: 'string' },
      journal: { type: 'string' },
      browser: { type: 'string' },
      headless: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
}

function wholeNumber(value: string | undefined, fallback: number): number | undefined {
  if (value === undefined) return fallback;
  return /^\d+$/.test(value.trim()) ? Number(value) : undefined;
}
