import { useState } from 'preact/hooks';
import { formatNumber, importErrorText, plural, t } from '../../utils/i18n';
import {
  type ImportChannel,
  type ImportProgress,
  MAX_IMPORT_BYTES,
  runImport,
} from '../../utils/import';
import { importLinks } from '../../utils/import/background/import-links';
import { checkKnownLinks } from '../../utils/import/background/known-links';
import { sendMessage } from '../../utils/messaging';
import { SectionHeading } from './section-heading';
import { backgroundGone, type Status, StatusLine } from './status';

/** The most notes one check reads for links already there (MAX_KNOWN_SCAN_PAGES × 100). */
const CHECKED_NOTES = 20_000;

function sendingText(progress: ImportProgress): string {
  const stored = formatNumber(progress.stored);
  return progress.alreadyThere
    ? plural('options.import.sendingKnown', sendable(progress), {
        stored,
        known: formatNumber(progress.alreadyThere),
      })
    : plural('options.import.sending', sendable(progress), { stored });
}

function summaryText(progress: ImportProgress): string {
  return [
    plural('options.import.imported', progress.stored),
    progress.alreadyThere ? plural('options.import.alreadyThere', progress.alreadyThere) : '',
    progress.noAddress ? plural('options.import.noAddress', progress.noAddress) : '',
    progress.waiting
      ? plural('options.import.waiting', progress.waiting, {
          reason: progress.attention ?? (progress.stalled ? t('options.import.stalled') : ''),
        })
      : '',
    progress.notSent ? plural('options.import.notSent', progress.notSent) : '',
    progress.checkedAll
      ? ''
      : t('options.import.partlyChecked', { limit: formatNumber(CHECKED_NOTES) }),
  ]
    .filter(Boolean)
    .join(' ');
}

function sendable(progress: ImportProgress): number {
  return progress.links - progress.alreadyThere;
}

/**
 * What an import asks: the service itself for the links it has (this page waits on it), the
 * background for what the outbox stores, through the one message protocol.
 */
const messageChannel: ImportChannel = {
  findKnownLinks: (urls) => checkKnownLinks(urls),
  importLinks: (links, format) =>
    importLinks(links, format, (clips) =>
      sendMessage('importLinks', { clips }).catch(backgroundGone),
    ),
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
      setStatus({
        tone: 'error',
        text: t('options.import.tooLarge', {
          file: tooLarge.name,
          limit: formatNumber(MAX_IMPORT_BYTES / (1024 * 1024)),
        }),
      });
      return;
    }
    setRunning(true);
    setProgress(null);
    setStatus({ tone: 'info', text: t('options.import.reading') });
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
            setStatus({ tone: 'info', text: plural('options.import.checking', next.links) });
          } else if (next.phase === 'sending') {
            setStatus({ tone: 'info', text: sendingText(next) });
          }
        },
      });
      if (!run.ok) {
        setStatus({
          tone: 'error',
          text: run.fileError ? importErrorText(run.fileError) : run.error.message,
        });
        return;
      }
      const done = run.progress;
      setStatus({
        tone: done.waiting || done.notSent ? 'warning' : 'ok',
        text: summaryText(done),
      });
    } finally {
      setRunning(false);
    }
  }

  const total = progress ? sendable(progress) : 0;
  return (
    <section aria-labelledby="import-links-heading">
      <SectionHeading id="import-links-heading" title={t('options.import.heading')}>
        {t('options.import.saveModel')}
      </SectionHeading>
      <p class="hint">{t('options.import.hint')}</p>
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
          {t('options.import.choose')}
        </label>
      </div>
      {running && progress?.phase === 'sending' && total > 0 && (
        <>
          <progress
            aria-label={t('options.import.progressLabel')}
            max={total}
            value={progress.stored + progress.waiting}
          />
          <p class="hint">{t('options.import.keepOpen')}</p>
        </>
      )}
      <StatusLine status={status} id="import-links-status" />
    </section>
  );
}
