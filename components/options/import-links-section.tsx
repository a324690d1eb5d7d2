import { useState } from 'preact/hooks';
import {
  type ImportChannel,
  type ImportProgress,
  MAX_IMPORT_BYTES,
  runImport,
} from '../../utils/import';
import { sendMessage } from '../../utils/messaging';
import { SectionHeading } from './section-heading';
import { backgroundGone, type Status, StatusLine } from './status';

/** Every sentence this section shows, in one place (for the move to _locales). */
export const IMPORT_LINKS_TEXT = {
  heading: 'Import links',
  saveModel: 'Each link becomes a bookmark note as soon as the file is read; pages are not opened.',
  hint:
    'Bring in a reading list: a list of addresses (.txt), a Pocket, Instapaper or Raindrop.io ' +
    'export (.csv), Omnivore’s metadata_*.json files, or a bookmarks file exported from a ' +
    'browser or Pinboard (.html). Each link becomes a note with its title, address, tags, ' +
    'excerpt, date saved and highlights; folders become tags. Links already in your notes are ' +
    'skipped, so importing the same file again adds only what is missing.',
  choose: 'Choose files to import…',
  keepOpen: 'Keep this page open until the import ends.',
  reading: 'Reading the files…',
  checking: (links: number) =>
    `Read ${count(links, 'link')}. Checking which are already in your notes…`,
  sending: (progress: ImportProgress) =>
    `Stored ${progress.stored} of ${sendable(progress)} new links` +
    (progress.alreadyThere ? ` (${progress.alreadyThere} already there)` : '') +
    '…',
  progressLabel: 'Import progress',
  tooLarge: (name: string) =>
    `${name} is larger than the ${MAX_IMPORT_BYTES / (1024 * 1024)} MB Clipdeck reads at once: split it into smaller files and import each.`,
  summary: (progress: ImportProgress) =>
    [
      `Imported ${count(progress.stored, 'link')} as bookmark notes.`,
      progress.alreadyThere ? `${progress.alreadyThere} were already in your notes.` : '',
      progress.noAddress
        ? `${count(progress.noAddress, 'entry', 'entries')} had no web address.`
        : '',
      progress.waiting
        ? `${progress.waiting} wait in Clipdeck’s outbox: ${progress.attention ?? ''}`
        : '',
      progress.notSent
        ? `${progress.notSent} were not sent: import the file again later to add them.`
        : '',
      progress.checkedAll
        ? ''
        : 'Your account has more than 20,000 notes; only the first 20,000 were checked for these links.',
    ]
      .filter(Boolean)
      .join(' '),
} as const;

function count(value: number, one: string, many = `${one}s`): string {
  return `${value.toLocaleString()} ${value === 1 ? one : many}`;
}

function sendable(progress: ImportProgress): number {
  return progress.links - progress.alreadyThere;
}

/** The background calls an import makes, through the one message protocol. */
const messageChannel: ImportChannel = {
  findKnownLinks: (urls) => sendMessage('findKnownLinks', { urls }).catch(backgroundGone),
  importLinks: (links, format) =>
    sendMessage('importLinks', { links, format }).catch(backgroundGone),
  importProgress: (ids) => sendMessage('importProgress', { ids }).catch(backgroundGone),
};

/**
 * "Import links" (issue 17): export files become bookmark notes through the outbox, no page
 * loaded. The file is read here (the parsers need no DOM, and nothing from it enters this page
 * as markup); only links cross to the background, a batch at a time.
 */
export function ImportLinksSection({ channel = messageChannel }: { channel?: ImportChannel }) {
  const [status, setStatus] = useState<Status>(null);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [running, setRunning] = useState(false);

  async function importFiles(input: HTMLInputElement) {
    const files = [...(input.files ?? [])];
    // Cleared so choosing the same file again imports it again.
    input.value = '';
    if (!files.length || running) return;
    const tooLarge = files.find((file) => file.size > MAX_IMPORT_BYTES);
    if (tooLarge) {
      setStatus({ tone: 'error', text: IMPORT_LINKS_TEXT.tooLarge(tooLarge.name) });
      return;
    }
    setRunning(true);
    setProgress(null);
    setStatus({ tone: 'info', text: IMPORT_LINKS_TEXT.reading });
    try {
      const inputs = await Promise.all(
        files.map(async (file) => ({
          name: file.name,
          bytes: new Uint8Array(await file.arrayBuffer()),
        })),
      );
      const run = await runImport(inputs, channel, {
        onProgress: (next) => {
          setProgress(next);
          if (next.phase === 'checking') {
            setStatus({ tone: 'info', text: IMPORT_LINKS_TEXT.checking(next.links) });
          } else if (next.phase === 'sending') {
            setStatus({ tone: 'info', text: IMPORT_LINKS_TEXT.sending(next) });
          }
        },
      });
      if (!run.ok) {
        setStatus({ tone: 'error', text: run.error.message });
        return;
      }
      const done = run.progress;
      setStatus({
        tone: done.waiting || done.notSent ? 'warning' : 'ok',
        text: IMPORT_LINKS_TEXT.summary(done),
      });
    } finally {
      setRunning(false);
    }
  }

  const total = progress ? sendable(progress) : 0;
  return (
    <section aria-labelledby="import-links-heading">
      <SectionHeading id="import-links-heading" title={IMPORT_LINKS_TEXT.heading}>
        {IMPORT_LINKS_TEXT.saveModel}
      </SectionHeading>
      <p class="hint">{IMPORT_LINKS_TEXT.hint}</p>
      <div class="actions">
        <input
          id="import-links-file"
          class="visually-hidden"
          type="file"
          multiple
          disabled={running}
          accept=".csv,.json,.html,.htm,.txt,text/csv,application/json,text/html,text/plain"
          onChange={(event) => void importFiles(event.currentTarget)}
        />
        <label class="button" for="import-links-file" aria-disabled={running}>
          {IMPORT_LINKS_TEXT.choose}
        </label>
      </div>
      {running && progress?.phase === 'sending' && total > 0 && (
        <>
          <progress
            aria-label={IMPORT_LINKS_TEXT.progressLabel}
            max={total}
            value={progress.stored + progress.waiting}
          />
          <p class="hint">{IMPORT_LINKS_TEXT.keepOpen}</p>
        </>
      )}
      <StatusLine status={status} id="import-links-status" />
    </section>
  );
}
