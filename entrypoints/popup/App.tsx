import { useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'preact/hooks';
import { backgroundStopped, openOptions, tabWorkFailed } from '../../components/popup/background';
import { type BulkClipper, ClipAllTabs } from '../../components/popup/clip/clip-all-tabs';
import { ClipEditor } from '../../components/popup/clip/clip-editor';
import { ClipResult } from '../../components/popup/clip/clip-result';
import { CommentDepthControl } from '../../components/popup/clip/comment-depth';
import { requestPreview, takePreview } from '../../components/popup/clip/early-preview';
import { CannotClip, NotConfigured, ServiceBanner } from '../../components/popup/guidance';
import { AlreadyClipped } from '../../components/popup/notes/already-clipped';
import { JustSaved } from '../../components/popup/notes/just-saved';
import { Library } from '../../components/popup/notes/library';
import { ShortcutsHelp } from '../../components/popup/shortcuts-help';
import { EditorSkeleton } from '../../components/popup/skeleton';
import { useSaveBarClearance } from '../../components/popup/sticky-bar';
import { PopupTabs } from '../../components/popup/tabs';
import type { ClippedPage } from '../../utils/clip-log';
import { quoted, t } from '../../utils/i18n';
import { readJustSaved } from '../../utils/just-saved';
import { sendMessage } from '../../utils/messaging';
import {
  notesIndexItem,
  parseNotesIndex,
  readNotesIndex,
  readRecentTags,
  recentTagsItem,
  rememberUsedTags,
  suggestTags,
} from '../../utils/notes-index';
import type { ClipSummary } from '../../utils/outbox';
import {
  INITIAL_STATE,
  initialDeck,
  isEditing,
  notebookName,
  noteInDefaultNotebook,
  outcomeSpeaksOfService,
  type PopupEvent,
  popupReducer,
  readDefaultNotebookId,
  readLastDeck,
  rememberDefaultNotebookId,
  rememberLastDeck,
  staleSentence,
} from '../../utils/popup';
import { checkService as checkServiceNow, readSelection } from '../../utils/popup/tab';
import type { Result } from '../../utils/result';
import {
  type DefaultClipMode,
  keyRefusalItem,
  loadSettings,
  readKeyRefusal,
} from '../../utils/settings';
import { readSiteTags, type SiteTags, siteTagsItem, tagsOfSite } from '../../utils/site-tags';
import {
  markdownHeadings,
  pageWords,
  rankTags,
  SUGGESTIONS_BEFORE_TYPING,
} from '../../utils/tag-suggest';

/** Recent notes shown in the popup (the index keeps a few more). */
const RECENT_SHOWN = 10;
/**
 * Arrow keys walk the clip modes one step at a time: a mode is extracted only once the user
 * rests on it this long, so passing through "Full page" on the way to "Bookmark" costs nothing.
 */
const MODE_SETTLE_MS = 200;

/** Bulk clipping goes through the background's outbox like a single clip. */
const bulkClipper: BulkClipper = {
  clipTabs: (request) => sendMessage('clipTabs', request).catch(backgroundStopped),
  clipProgress: (ids) => sendMessage('clipProgress', { ids }).catch(backgroundStopped),
};

/**
 * Wiring only: side effects (messages, storage) run here and report to the state machine in
 * utils/popup/state.ts, which decides what is shown.
 */
export function App() {
  const [state, dispatch] = useReducer(popupReducer, INITIAL_STATE);
  const { phase, draft, decks, defaultNotebookId, tabId } = state;
  /** Modes whose extraction is under way, so walking back to one does not start it twice. */
  const inFlight = useRef(new Set<DefaultClipMode>());
  const baseUrl = useRef('');
  const [siteTags, setSiteTags] = useState<SiteTags | null>(null);
  useSaveBarClearance();

  useEffect(() => {
    void start();
    const unwatch = [
      notesIndexItem.watch((value) =>
        dispatch({ type: 'index-changed', index: parseNotesIndex(value) }),
      ),
      recentTagsItem.watch((value) => dispatch({ type: 'recent-tags-changed', tags: value ?? [] })),
      keyRefusalItem.watch((value) => dispatch({ type: 'key-refusal-changed', refused: !!value })),
      // The scan the popup starts may gather the site tags while it is open.
      siteTagsItem.watch(() => {
        if (baseUrl.current) void readSiteTags(baseUrl.current).then(setSiteTags);
      }),
    ];
    return () => {
      for (const stop of unwatch) stop();
    };
  }, []);

  // Read by the real-browser tests to report how long the preview took (issues 7 and 19).
  useLayoutEffect(() => {
    if (state.previewShown) performance.mark('clipdeck:preview-ready');
  }, [state.previewShown]);

  const wanted = state.extracting;
  useEffect(() => {
    if (!wanted || tabId === undefined || inFlight.current.has(wanted)) return;
    const timer = setTimeout(() => void extract(tabId, wanted), MODE_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [wanted, tabId]);

  async function start() {
    // Extraction is the slow part: main.tsx started it before this code loaded, and it goes on
    // while the stored settings are read. The marks are the phases the performance spec reports.
    const early = takePreview();
    const previewing = early.preview;
    const target = await early.target;
    const [settings, refusal, lastDeck, index, recentTags, justSaved] = await Promise.all([
      loadSettings(),
      readKeyRefusal(),
      readLastDeck(),
      readNotesIndex(),
      readRecentTags(),
      readJustSaved(target),
    ]);
    const { connection } = settings;
    const configured = !!connection.baseUrl && !!connection.apiKey;
    baseUrl.current = connection.baseUrl;
    const learnt = configured ? await readDefaultNotebookId(connection.baseUrl) : undefined;
    performance.mark('clipdeck:settings-read');
    dispatch({
      type: 'opened',
      configured,
      tabId: target,
      decks: settings.decks.decks,
      deckId: initialDeck(lastDeck, settings.decks.decks, settings.decks.defaultDeckId),
      keyRefused: refusal !== null,
      defaultNotebookId: learnt,
      index,
      recentTags,
    });
    if (!configured) return;
    void readSiteTags(connection.baseUrl).then(setSiteTags);
    if (justSaved) dispatch({ type: 'just-saved-found', clipId: justSaved.clipId });
    void checkService();
    if (learnt === undefined) void learnDefaultNotebook(noteInDefaultNotebook(index?.recent ?? []));
    const result = await previewing;
    if (!result) return;
    performance.mark('clipdeck:preview-answered');
    if (!result.ok) {
      dispatch({ type: 'preview-failed', error: result.error, mode: undefined });
      return;
    }
    dispatch({ type: 'preview-arrived', preview: result.preview });
    const found = await sendMessage('findClippedPage', { url: result.preview.sourceUrl }).catch(
      backgroundStopped,
    );
    dispatch({ type: 'clipped-found', clipped: found.ok ? found.clipped : null });
  }

  /** The index refresh says how the service is; when it asked nothing, one cheap check does. */
  async function checkService() {
    dispatch({ type: 'index-refresh-started' });
    const refreshed = await sendMessage('refreshNotesIndex', {}).catch(backgroundStopped);
    dispatch({ type: 'index-refresh-finished', result: refreshed });
    if (refreshed.ok && !refreshed.scanned) {
      const checked = await checkServiceNow();
      dispatch({ type: 'service-checked', result: checked });
    }
  }

  /** One read of a note Clipdeck put in the default notebook tells the service's id for it. */
  async function learnDefaultNotebook(noteId: string | undefined) {
    if (noteId === undefined || !baseUrl.current) return;
    const read = await sendMessage('getNote', { id: noteId }).catch(backgroundStopped);
    if (!read.ok || !read.note.deck_id) return;
    await rememberDefaultNotebookId(baseUrl.current, read.note.deck_id);
    dispatch({ type: 'default-notebook-learned', id: read.note.deck_id });
  }

  async function extract(target: number, mode: DefaultClipMode) {
    inFlight.current.add(mode);
    const result = await requestPreview(target, mode, state.commentsChosen);
    inFlight.current.delete(mode);
    dispatch(
      result.ok
        ? { type: 'preview-arrived', preview: result.preview }
        : { type: 'preview-failed', error: result.error, mode },
    );
  }

  async function save() {
    dispatch({ type: 'save-started' });
    const note = { title: draft.title.trim(), markdown_text: draft.markdown, tags: draft.tags };
    void rememberLastDeck(draft.deckId);
    void rememberUsedTags(draft.tags);
    const result = await (state.resendId
      ? sendMessage('editClip', { id: state.resendId, draft: note, deckId: draft.deckId })
      : sendMessage('saveDraft', {
          draft: note,
          deckId: draft.deckId,
          ...(state.sourceUrl !== undefined && { sourceUrl: state.sourceUrl }),
        })
    ).catch(backgroundStopped);
    dispatch({ type: 'save-finished', result });
    if (result.ok && defaultNotebookId === undefined && result.clip.deckId === undefined) {
      void learnDefaultNotebook(result.clip.noteId);
    }
  }

  async function act(work: () => Promise<Result<{ clip: ClipSummary }>>) {
    dispatch({ type: 'result-action-started' });
    dispatch({ type: 'result-action-finished', result: await work().catch(backgroundStopped) });
  }

  /** Undo: delete the note just made, or discard the clip that waits in the outbox. */
  async function undo(target: { noteId?: string; clipId?: string; title: string }) {
    dispatch({ type: 'result-action-started' });
    const discarded = target.noteId === undefined;
    const result = await (discarded
      ? sendMessage('discardClip', { id: target.clipId ?? '' })
      : sendMessage('deleteNote', { id: target.noteId ?? '' })
    ).catch(backgroundStopped);
    dispatch({ type: 'undo-finished', result, title: target.title, discarded });
  }

  async function updateClipped(work: () => Promise<PopupEvent & { type: 'update-finished' }>) {
    dispatch({ type: 'update-started' });
    dispatch(await work());
  }

  const replaceClipped = (note: ClippedPage) =>
    updateClipped(async () => {
      const result = await sendMessage('updateNote', {
        id: note.noteId,
        changes: { markdown_text: draft.markdown },
      }).catch(backgroundStopped);
      const title = quoted(result.ok ? result.note.title || t('common.untitled') : '');
      return {
        type: 'update-finished',
        update: result.ok
          ? {
              step: 'done',
              message: result.changed.length
                ? t('popup.already.replaced', { title })
                : t('popup.already.unchanged', { title }),
            }
          : { step: 'failed', error: result.error },
      };
    });

  const appendToClipped = (note: ClippedPage) =>
    updateClipped(async () => {
      const selection =
        tabId === undefined ? backgroundStopped() : await readSelection(tabId).catch(tabWorkFailed);
      if (!selection.ok)
        return { type: 'update-finished', update: { step: 'failed', error: selection.error } };
      const result = await sendMessage('appendToNote', {
        id: note.noteId,
        markdown: selection.markdown,
      }).catch(backgroundStopped);
      return {
        type: 'update-finished',
        update: result.ok
          ? {
              step: 'done',
              message: t('popup.already.appended', {
                title: quoted(result.note.title || t('common.untitled')),
              }),
            }
          : { step: 'failed', error: result.error },
      };
    });

  const suggest = (typed: string, chosen: readonly string[]) =>
    suggestTags(typed, { recentTags: state.recentTags, tags: state.index?.tags ?? [], chosen });
  // The clip's tags are ranked for this page, from what is stored locally (utils/tag-suggest):
  // nothing about the page leaves the browser for them.
  const page = useMemo(
    () => pageWords({ title: draft.title, headings: markdownHeadings(draft.markdown) }),
    [draft.title, draft.markdown],
  );
  const suggestForPage = (typed: string, chosen: readonly string[]) =>
    rankTags({
      account: {
        tags: state.index?.tags ?? [],
        recentTags: state.recentTags,
        site: tagsOfSite(siteTags, state.sourceUrl),
      },
      page,
      typed,
      chosen,
      ...(!typed.trim() && { limit: SUGGESTIONS_BEFORE_TYPING }),
    });
  const nameOf = (deckId: string | null | undefined) =>
    notebookName(decks, deckId, defaultNotebookId);

  if (phase.step === 'not-configured') {
    return (
      <main>
        <h1>Clipdeck</h1>
        <NotConfigured />
      </main>
    );
  }

  const editing = isEditing(phase);
  const stale = staleSentence(state.service);
  // A result that is itself about the trouble says it once, with its own actions.
  const troubleInResult =
    state.tab === 'clip' && phase.step === 'result' && outcomeSpeaksOfService(phase.outcome);
  return (
    <main>
      <header class="top">
        <h1>Clipdeck</h1>
        <button type="button" class="link" onClick={openOptions}>
          {t('popup.options')}
        </button>
      </header>
      {!troubleInResult && <ServiceBanner health={state.service} />}
      <PopupTabs selected={state.tab} onSelect={(tab) => dispatch({ type: 'tab-selected', tab })} />
      <div id="panel-clip" role="tabpanel" aria-labelledby="tab-clip" hidden={state.tab !== 'clip'}>
        {phase.step === 'loading' && !state.justSaved && <EditorSkeleton />}
        {phase.step === 'cannot-clip' && !state.justSaved && (
          <CannotClip
            error={phase.error}
            onBookmark={() => dispatch({ type: 'mode-chosen', mode: 'bookmark' })}
            onShowRecent={() => dispatch({ type: 'tab-selected', tab: 'recent' })}
            onRetry={() => {
              dispatch({ type: 'reopened' });
              void start();
            }}
          />
        )}
        {state.justSaved && (
          <JustSaved
            clipId={state.justSaved}
            decks={decks}
            suggest={suggest}
            deckName={nameOf}
            defaultNotebookId={defaultNotebookId}
            onDone={(message) =>
              dispatch({ type: 'just-saved-done', ...(message !== undefined && { message }) })
            }
          />
        )}
        {!state.justSaved && phase.step === 'undone' && (
          <p class="callout ok" role="status">
            {phase.message}
          </p>
        )}
        {state.clipped && editing && !state.justSaved && (
          <AlreadyClipped
            clipped={state.clipped}
            deckName={nameOf(state.clipped.deckId)}
            hasSelection={state.hasSelection}
            state={state.update}
            onReplace={() => state.clipped && void replaceClipped(state.clipped)}
            onAppend={() => state.clipped && void appendToClipped(state.clipped)}
            decks={decks}
            defaultNotebookId={defaultNotebookId}
            suggest={suggest}
            notebookName={nameOf}
            onChanged={(clipped) => dispatch({ type: 'clipped-found', clipped })}
          />
        )}
        {editing && !state.justSaved && state.site && state.comments && (
          <CommentDepthControl
            value={state.commentsChosen ?? state.comments}
            disabled={state.extracting !== undefined || phase.step === 'saving'}
            onChange={(comments) => dispatch({ type: 'comments-chosen', comments })}
          />
        )}
        {editing && !state.justSaved && (
          <ClipEditor
            draft={draft}
            decks={decks}
            hasSelection={state.hasSelection}
            notices={state.notices}
            extracting={state.extracting !== undefined}
            saving={phase.step === 'saving'}
            saveLabel={
              state.resendId
                ? t('popup.editor.sendAgain')
                : state.clipped
                  ? t('popup.editor.saveAsNew')
                  : t('popup.editor.savePage')
            }
            onChange={(change) => dispatch({ type: 'draft-edited', change })}
            onModeChange={(mode) => dispatch({ type: 'mode-chosen', mode })}
            onSave={() => void save()}
            suggest={suggestForPage}
          />
        )}
        {phase.step === 'result' && (
          <ClipResult
            outcome={phase.outcome}
            busy={phase.busy}
            {...(phase.problem && { problem: phase.problem })}
            markdown={draft.markdown}
            deckName={nameOf}
            actions={{
              onRetry: (id) => void act(() => sendMessage('retryClip', { id })),
              onDefaultNotebook: (id) =>
                void act(() => sendMessage('editClip', { id, deckId: null })),
              onEdit: () => dispatch({ type: 'edit-requested' }),
              onUndo: (target) => void undo(target),
              onSaveAgain: () => void save(),
              onShowRecent: () => dispatch({ type: 'tab-selected', tab: 'recent' }),
            }}
          />
        )}
        {phase.step !== 'loading' && !state.justSaved && (
          <ClipAllTabs
            clipper={bulkClipper}
            deckId={draft.deckId}
            {...(state.previewShown && { tags: draft.tags })}
          />
        )}
      </div>
      <div
        id="panel-recent"
        role="tabpanel"
        aria-labelledby="tab-recent"
        hidden={state.tab !== 'recent'}
      >
        {state.tab === 'recent' && (
          <Library
            index={state.index}
            notes={state.index?.recent.slice(0, RECENT_SHOWN) ?? []}
            deckName={nameOf}
            tabId={tabId}
            hasSelection={state.hasSelection}
            loading={state.refreshing && !state.index}
            {...(stale && { stale })}
            suggest={suggest}
            decks={decks}
            {...(defaultNotebookId !== undefined && { defaultNotebookId })}
          />
        )}
      </div>
      <ShortcutsHelp />
    </main>
  );
}
