import { useEffect, useState } from 'preact/hooks';
import { plural, t } from '../../utils/i18n';
import { sendMessage } from '../../utils/messaging';
import { backgroundGone, errorStatus, type Status, StatusLine } from './status';

/**
 * Clips the outbox could not read (damaged, or saved by a newer Clipdeck) are kept aside, never
 * deleted (utils/outbox/set-aside.ts). Shown only when there are some: how many, why, and a way to
 * download them as JSON.
 */
export function SetAsideClips() {
  const [message, setMessage] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>(null);

  useEffect(() => {
    void sendMessage('listSetAside', undefined)
      .catch(backgroundGone)
      .then((result) => setMessage(result.ok ? result.message : null));
  }, []);

  if (!message) return null;

  async function download() {
    const result = await sendMessage('exportSetAside', undefined).catch(backgroundGone);
    if (!result.ok) {
      setStatus(errorStatus(result.error));
      return;
    }
    const url = URL.createObjectURL(new Blob([result.json], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `clipdeck-set-aside-clips-${new Date().toISOString().slice(0, 10)}.json`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    setStatus({ tone: 'ok', text: plural('options.backup.exportedSetAside', result.count) });
  }

  return (
    <div class="set-aside-clips">
      <p class="status status-warning">{message}</p>
      <div class="actions">
        <button type="button" onClick={download}>
          {t('options.backup.exportSetAside')}
        </button>
      </div>
      <StatusLine status={status} />
    </div>
  );
}
