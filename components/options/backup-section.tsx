import { useState } from 'preact/hooks';
import { t } from '../../utils/i18n';
import { exportSettings, importSettings } from '../../utils/settings';
import { SetAsideClips } from './set-aside-clips';
import { type Status, StatusLine } from './status';

/** An exported file is a few kilobytes; anything far larger is the wrong file. */
const MAX_IMPORT_BYTES = 1024 * 1024;

/** Settings as a JSON file, without the API key. */
export function BackupSection({ onImported }: { onImported(): void }) {
  const [status, setStatus] = useState<Status>(null);

  async function download() {
    const exported = await exportSettings();
    const blob = new Blob([`${JSON.stringify(exported, null, 2)}\n`], {
      type: 'application/json',
    });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `clipdeck-settings-${exported.exportedAt.slice(0, 10)}.json`;
    link.click();
    // The download has its own copy by the time the click handler returns.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    setStatus({ tone: 'ok', text: t('options.backup.exported') });
  }

  async function upload(input: HTMLInputElement) {
    const file = input.files?.[0];
    // Clear the chooser so choosing the same file again imports it again.
    input.value = '';
    if (!file) return;
    if (file.size > MAX_IMPORT_BYTES) {
      setStatus({
        tone: 'error',
        text: t('options.backup.tooLarge', { file: file.name }),
      });
      return;
    }
    const result = await importSettings(await file.text());
    if (!result.ok) {
      setStatus({ tone: 'error', text: result.error.message });
      return;
    }
    onImported();
    setStatus({
      tone: 'ok',
      text: result.keyRemoved
        ? t('options.backup.importedKeyRemoved', { file: file.name })
        : t('options.backup.imported', { file: file.name }),
    });
  }

  return (
    <section aria-labelledby="backup-heading">
      <h2 id="backup-heading">{t('options.backup.heading')}</h2>
      <p class="hint">{t('options.backup.hint')}</p>
      <div class="actions">
        <button type="button" onClick={download}>
          {t('options.backup.export')}
        </button>
        {/* The real file input stays focusable for the keyboard; its label is what is seen. */}
        <input
          id="import-file"
          class="visually-hidden"
          type="file"
          accept="application/json,.json"
          onChange={(event) => void upload(event.currentTarget)}
        />
        <label class="button" for="import-file">
          {t('options.backup.import')}
        </label>
      </div>
      <StatusLine status={status} />
      <SetAsideClips />
    </section>
  );
}
