import { useEffect, useState } from 'preact/hooks';
import { AlreadyClipped, type UpdateState } from '../../components/popup/already-clipped';
import { backgroundStopped, openOptions, targetTabId } from '../../components/popup/background';
import { type BulkClipper, ClipAllTabs } from '../../components/popup/clip-all-tabs';
import { type ClipDraft, ClipEditor } from '../../components/popup/clip-editor';
import { ClipResult, outcomeOfClip, type SaveOutcome } from '../../components/popup/clip-result';
import { deckName } from '../../components/popup/deck-picker';
import { CannotClip, KeyRefusedBanner, NotConfigured } from '../../components/popup/guidance';
import { RecentNotes } from '../../components/popup/recent-notes';
import { EditorSkeleton } from '../../components/popup/skeleton';
import { type PopupTab, PopupTabs } from '../../components/popup/tabs';
import type { ClippedPage } from '../../utils/clip-log';
import { sendMessage } from '../../utils/messaging';
import {
  type NotesIndex,
  notesIndexItem,
  parseNotesIndex,
  readNotesIndex,
  readRecentTags,
  recentTagsItem,
  rememberUsedTags,
  suggestTags,
} from '../../utils/notes-index';
import type { ClipSummary } from '../../utils/outbox';
import { initialDeck, readLastDeck, rememberLastDeck } from '../../utils/popup';
import type { Result, UserError } from '../../utils/result';
import {
  type Deck,
  type DefaultClipMode,
  loadSettings,
  readKeyRefusal,
} from '../../utils/settings';

type Phase =
  | { step: 'loading' }
  | { step: 'not-configured' }
  | { step: 'cannot-clip'; error: UserError }
  | { step: 'editing' }
  | { step: 'saving' }
  | { step: 'result'; outcome: SaveOutcome };

/** Recent notes shown in the popup (the index keeps a few more). */
const RECENT_SHOWN = 10;

/** Bulk clipping goes through the background's outbox like a single clip. */
const bulkClipper: BulkClipper = {
  clipTabs: (request) => sendMessage('clipTabs', request).catch(backgroundStopped),
  clipProgress: (ids) => sendMessage('clipProgress', { ids }).catch(backgroundStopped),
};

const EMPTY_DRAFT: ClipDraft = { title: '', markdown: '', tags: [], deckId: null, mode: 'article' };

export function App() {
  const [phase, setPhase] = useState<Phase>({ step: 'loading' });
  const [tab, setTab] = useState<PopupTab>('clip');
  const [tabId, setTabId] = useState<number | undefined>(undefined);
  const [decks, setDecks] = useState<Deck[]>([]);
  const [keyRefused, setKeyRefused] = useState(false);
  const [draft, setDraft] = useState<ClipDraft>(EMPTY_DRAFT);
  const [titleEdited, setTitleEdited] = useState(false);
  const [previewShown, setPreviewShown] = useState(false);
  const [sourceUrl, setSourceUrl] = useState<string | undefined>(undefined);
  const [hasSelection, setHasSelection] = useState(false);
  const [notices, setNotices] = useState<string[]>([]);
  const [extracting, setExtracting] = useState(false);
  /** The outbox clip an "Edit the note" sends again, instead of making a second clip. */
  const [resendId, setResendId] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [clipped, setClipped] = useState<ClippedPage | null>(null);
  const [update, setUpdate] = useState<UpdateState>({ step: 'idle' });
  const [index, setIndex] = useState<NotesIndex | null>(null);
  const [indexError, setIndexError] = useState<UserError | undefined>(undefined);
  const [refreshing, setRefreshing] = useState(false);
  const [recentTags, setRecentTags] = useState<string[]>([]);

  useEffect(() => {
    void start();
    const unwatchIndex = notesIndexItem.watch((value) => setIndex(parseNotesIndex(value)));
    const unwatchTags = recentTagsItem.watch((value) => setRecentTags(value ?? []));
    return () => {
      unwatchIndex();
      unwatchTags();
    };
  }, []);

  async function start() {
    const target = await targetTabId();
    // Extraction is the slow part: it starts at once, while the stored settings are read.
    const previewing = target === undefined ? undefined : requestPreview(target);
    const [settings, refusal, lastDeck, cachedIndex, tags] = await Promise.all([
      loadSettings(),
      readKeyRefusal(),
      readLastDeck(),
      readNotesIndex(),
      readRecentTags(),
    ]);
    setDecks(settings.decks.decks);
    setIndex(cachedIndex);
    setRecentTags(tags);
    setTabId(target);
    if (!settings.connection.baseUrl || !settings.connection.apiKey) {
      setPhase({ step: 'not-configured' });
      return;
    }
    setKeyRefused(refusal !== null);
    refreshIndex();
    if (target === undefined || !previewing) {
      setPhase({
        step: 'cannot-clip',
        error: { kind: 'unclippable', message: 'There is no page to clip in this window.' },
      });
      return;
    }
    const deckId = initialDeck(lastDeck, settings.decks.decks, settings.decks.defaultDeckId);
    // Kept even when the page cannot be read: a bookmark made instead goes to the same deck.
    setDraft({ ...EMPTY_DRAFT, deckId });
    await showPreview(target, undefined, { ...EMPTY_DRAFT, deckId }, previewing);
  }

  function requestPreview(target: number, mode?: DefaultClipMode) {
    return sendMessage('previewTab', { tabId: target, ...(mode && { mode }) }).catch(
      backgroundStopped,
    );
  }

  function refreshIndex() {
    setRefreshing(true);
    void sendMessage('refreshNotesIndex', {})
      .catch(backgroundStopped)
      .then((result) => setIndexError(result.ok ? undefined : result.error))
      .finally(() => setRefreshing(false));
  }

  async function showPreview(
    target: number,
    mode: DefaultClipMode | undefined,
    base: ClipDraft,
    pending?: ReturnType<typeof requestPreview>,
  ) {
    // The first preview shown brings the default tags; later ones keep the user's.
    const first = !previewShown;
    setExtracting(true);
    const result = await (pending ?? requestPreview(target, mode));
    setExtracting(false);
    if (!result.ok) {
      setPhase({ step: 'cannot-clip', error: result.error });
      return;
    }
    const { preview } = result;
    setDraft({
      ...base,
      title: titleEdited && !first ? base.title : preview.title,
      markdown: preview.markdown,
      tags: first ? preview.tags : base.tags,
      mode: preview.mode as DefaultClipMode,
    });
    setSourceUrl(preview.sourceUrl);
    setHasSelection(preview.hasSelection);
    setNotices(preview.notices);
    setPhase({ step: 'editing' });
    setPreviewShown(true);
    if (first) {
      // Read by the real-browser tests to report how long the preview took (issue 7).
      performance.mark('clipdeck:preview-ready');
      void sendMessage('findClippedPage', { url: preview.sourceUrl })
        .catch(backgroundStopped)
        .then((found) => setClipped(found.ok ? found.clipped : null));
    }
  }

  function changeMode(mode: DefaultClipMode) {
    if (tabId === undefined) return;
    setDraft({ ...draft, mode });
    void showPreview(tabId, mode, { ...draft, mode });
  }

  function showOutcome(result: Result<{ clip: ClipSummary }>) {
    setPhase({
      step: 'result',
      outcome: result.ok
        ? outcomeOfClip(result.clip, deckName(decks, result.clip.deckId ?? null))
        : { kind: 'attention', error: result.error },
    });
  }

  async function save() {
    setPhase({ step: 'saving' });
    const note = { title: draft.title.trim(), markdown_text: draft.markdown, tags: draft.tags };
    void rememberLastDeck(draft.deckId);
    void rememberUsedTags(draft.tags);
    const result = await (resendId
      ? sendMessage('editClip', { id: resendId, draft: note, deckId: draft.deckId })
      : sendMessage('saveDraft', {
          draft: note,
          deckId: draft.deckId,
          ...(sourceUrl !== undefined && { sourceUrl }),
        })
    ).catch(backgroundStopped);
    setResendId(undefined);
    showOutcome(result);
  }

  async function act(work: () => Promise<Result<{ clip: ClipSummary }>>) {
    setBusy(true);
    showOutcome(await work().catch(backgroundStopped));
    setBusy(false);
  }

  async function discard(id: string) {
    setBusy(true);
    const result = await sendMessage('discardClip', { id }).catch(backgroundStopped);
    setBusy(false);
    if (result.ok) setPhase({ step: 'editing' });
    else setPhase({ step: 'result', outcome: { kind: 'attention', error: result.error } });
  }

  async function replaceClipped(note: ClippedPage) {
    setUpdate({ step: 'working' });
    const result = await sendMessage('updateNote', {
      id: note.noteId,
      changes: { markdown_text: draft.markdown },
    }).catch(backgroundStopped);
    setUpdate(
      result.ok
        ? {
            step: 'done',
            message: result.changed.length
              ? `Replaced the text of “${result.note.title || 'Untitled'}”.`
              : `“${result.note.title || 'Untitled'}” already has this text.`,
          }
        : { step: 'failed', error: result.error },
    );
  }

  async function appendToClipped(note: ClippedPage) {
    if (tabId === undefined) return;
    setUpdate({ step: 'working' });
    const selection = await sendMessage('readSelection', { tabId }).catch(backgroundStopped);
    if (!selection.ok) {
      setUpdate({ step: 'failed', error: selection.error });
      return;
    }
    const result = await sendMessage('appendToNote', {
      id: note.noteId,
      markdown: selection.markdown,
    }).catch(backgroundStopped);
    setUpdate(
      result.ok
        ? {
            step: 'done',
            message: `Appended the selection to “${result.note.title || 'Untitled'}”.`,
          }
        : { step: 'failed', error: result.error },
    );
  }

  const suggest = (typed: string, chosen: readonly string[]) =>
    suggestTags(typed, { recentTags, tags: index?.tags ?? [], chosen });

  if (phase.step === 'not-configured') {
    return (
      <main>
        <h1>Clipdeck</h1>
        <NotConfigured />
      </main>
    );
  }

  const editing = phase.step === 'editing' || phase.step === 'saving';
  return (
    <main>
      <header class="top">
        <h1>Clipdeck</h1>
        <button type="button" class="link" onClick={openOptions}>
          Options
        </button>
      </header>
      <PopupTabs selected={tab} onSelect={setTab} />
      <div id="panel-clip" role="tabpanel" aria-labelledby="tab-clip" hidden={tab !== 'clip'}>
        {keyRefused && editing && <KeyRefusedBanner />}
        {phase.step === 'loading' && <EditorSkeleton />}
        {phase.step === 'cannot-clip' && (
          <CannotClip
            error={phase.error}
            onBookmark={() => tabId !== undefined && void showPreview(tabId, 'bookmark', draft)}
            onRetry={() => {
              setPhase({ step: 'loading' });
              void start();
            }}
          />
        )}
        {clipped && editing && (
          <AlreadyClipped
            clipped={clipped}
            deckName={deckName(decks, clipped.deckId)}
            hasSelection={hasSelection}
            state={update}
            onReplace={() => void replaceClipped(clipped)}
            onAppend={() => void appendToClipped(clipped)}
          />
        )}
        {editing && (
          <ClipEditor
            draft={draft}
            decks={decks}
            hasSelection={hasSelection}
            notices={notices}
            extracting={extracting}
            saving={phase.step === 'saving'}
            saveLabel={resendId ? 'Send again' : clipped ? 'Save as new note' : 'Save page'}
            onChange={(change) => {
              if (change.title !== undefined) setTitleEdited(true);
              setDraft({ ...draft, ...change });
            }}
            onModeChange={changeMode}
            onSave={() => void save()}
            suggest={suggest}
          />
        )}
        {phase.step === 'result' && (
          <ClipResult
            outcome={phase.outcome}
            markdown={draft.markdown}
            busy={busy}
            actions={{
              onRetry: (id) => void act(() => sendMessage('retryClip', { id })),
              onDefaultNotebook: (id) =>
                void act(() => sendMessage('editClip', { id, deckId: null })),
              onEdit: () => {
                if (phase.outcome.kind === 'attention' && phase.outcome.clip) {
                  setResendId(phase.outcome.clip.id);
                }
                setPhase({ step: 'editing' });
              },
              onDiscard: (id) => void discard(id),
              onSaveAgain: () => void save(),
            }}
          />
        )}
        {phase.step !== 'loading' && (
          <ClipAllTabs
            clipper={bulkClipper}
            deckId={draft.deckId}
            {...(previewShown && { tags: draft.tags })}
          />
        )}
      </div>
      <div id="panel-recent" role="tabpanel" aria-labelledby="tab-recent" hidden={tab !== 'recent'}>
        {tab === 'recent' && (
          <RecentNotes
            notes={index?.recent.slice(0, RECENT_SHOWN) ?? []}
            decks={decks}
            tabId={tabId}
            hasSelection={hasSelection}
            loading={refreshing && !index}
            {...(indexError && { error: indexError })}
            suggest={suggest}
          />
        )}
      </div>
    </main>
  );
}
