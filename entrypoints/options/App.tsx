import { useEffect, useState } from 'preact/hooks';
import { BackupSection } from '../../components/options/backup-section';
import { ConnectionSection } from '../../components/options/connection-section';
import { DecksSection } from '../../components/options/decks-section';
import { DefaultsSection } from '../../components/options/defaults-section';
import { ImportLinksSection } from '../../components/options/import-links-section';
import { ShortcutsSection } from '../../components/options/shortcuts-section';
import { formatDate, t } from '../../utils/i18n';
import {
  type KeyRefusal,
  keyRefusalItem,
  loadQuickCaptureSettings,
  loadSettings,
  type QuickCaptureSettings,
  readKeyRefusal,
  type SettingName,
  type Settings,
  saveClipDefaults,
  saveConnection,
  saveDecks,
  saveQuickCaptureSettings,
} from '../../utils/settings';

/** What the page edits: `loadSettings`' values plus the quick-capture choice, with their notices. */
interface PageSettings extends Omit<Settings, 'notices'> {
  quickCapture: QuickCaptureSettings;
  notices: { setting: SettingName | 'quickCapture'; message: string }[];
}

type PageState =
  | { step: 'loading' }
  | { step: 'ready'; settings: PageSettings; refusal: KeyRefusal | null }
  | { step: 'failed' };

async function loadPageSettings(): Promise<PageSettings> {
  const [settings, quickCapture] = await Promise.all([loadSettings(), loadQuickCaptureSettings()]);
  return {
    ...settings,
    quickCapture: quickCapture.value,
    notices: quickCapture.notice
      ? [...settings.notices, { setting: 'quickCapture', message: quickCapture.notice }]
      : settings.notices,
  };
}

function saveShown(settings: PageSettings, setting: PageSettings['notices'][number]['setting']) {
  switch (setting) {
    case 'connection':
      return saveConnection(settings.connection);
    case 'decks':
      return saveDecks(settings.decks);
    case 'clipDefaults':
      return saveClipDefaults(settings.clipDefaults);
    case 'quickCapture':
      return saveQuickCaptureSettings(settings.quickCapture);
  }
}

export function App() {
  const [state, setState] = useState<PageState>({ step: 'loading' });
  // Bumped after an import so every section starts again from the stored values.
  const [revision, setRevision] = useState(0);

  async function load() {
    try {
      const [settings, refusal] = await Promise.all([loadPageSettings(), readKeyRefusal()]);
      setState({ step: 'ready', settings, refusal });
    } catch {
      setState({ step: 'failed' });
    }
  }

  useEffect(() => {
    void load();
    // The background records a refused key whenever the service answers 401.
    return keyRefusalItem.watch((refusal) =>
      setState((current) => (current.step === 'ready' ? { ...current, refusal } : current)),
    );
  }, []);

  if (state.step === 'loading') {
    return (
      <main>
        <h1>{t('options.title')}</h1>
        <p class="hint">{t('options.loading')}</p>
      </main>
    );
  }
  if (state.step === 'failed') {
    return (
      <main>
        <h1>{t('options.title')}</h1>
        <p class="status status-error" role="alert">
          {t('options.storageFailed')}
        </p>
      </main>
    );
  }

  const { settings, refusal } = state;
  // Saving a setting replaces the value its notice was about, so the notice goes too. Sections
  // save on their own schedule, so each change applies to the latest state, not this render's.
  const update = (change: Partial<Omit<PageSettings, 'notices'>>) =>
    setState((current) =>
      current.step === 'ready'
        ? {
            ...current,
            settings: {
              ...current.settings,
              ...change,
              notices: current.settings.notices.filter((notice) => !(notice.setting in change)),
            },
          }
        : current,
    );
  const connected = settings.connection.baseUrl !== '' && settings.connection.apiKey !== '';

  return (
    <main>
      <h1>{t('options.title')}</h1>
      {refusal && (
        <div class="banner banner-error" role="alert">
          <strong>{t('options.refusal.lead')}</strong>{' '}
          {t('options.refusal.body', {
            when: formatDate(new Date(refusal.refusedAt), {
              dateStyle: 'medium',
              timeStyle: 'short',
            }),
          })}
        </div>
      )}
      {settings.notices.map((notice) => (
        <div class="banner banner-warning" role="status" key={notice.setting}>
          {notice.message}{' '}
          <button
            type="button"
            class="small"
            onClick={async () => {
              // Sections save only what changes; this stores the defaults shown as they are.
              await saveShown(settings, notice.setting);
              update({ [notice.setting]: settings[notice.setting] });
            }}
          >
            {t('options.saveShown')}
          </button>
        </div>
      ))}
      <div key={revision} class="sections">
        <ConnectionSection
          saved={settings.connection}
          onSaved={(connection) => {
            update({ connection });
            if (connection.apiKey !== settings.connection.apiKey) {
              setState((current) =>
                current.step === 'ready' ? { ...current, refusal: null } : current,
              );
            }
          }}
        />
        <DecksSection
          saved={settings.decks}
          connected={connected}
          onSaved={(decks) => update({ decks })}
        />
        <DefaultsSection
          saved={settings.clipDefaults}
          savedQuickCapture={settings.quickCapture}
          onSaved={(clipDefaults, quickCapture) => update({ clipDefaults, quickCapture })}
        />
      </div>
      <ShortcutsSection />
      <ImportLinksSection />
      <BackupSection onImported={() => load().then(() => setRevision((current) => current + 1))} />
    </main>
  );
}
