import type { CommentDepth } from '../clip/light';
import type { ClippedPage } from '../clip-log';
import { quoted, t } from '../i18n';
import type { NotesIndex } from '../notes-index';
import type { ClipSummary } from '../outbox';
import type { Result, UserError } from '../result';
import type { Deck, DefaultClipMode } from '../settings';
import type { TabPreview } from './tab/preview';

/**
 * The popup as one state machine (issue 19). Every state a user can meet is a `Phase` or a
 * `ServiceHealth`, every change is a `PopupEvent`, and `popupReducer` is the only place the state
 * changes: the entry file runs the side effects and dispatches what they found. The hard states
 * (a refused key, a service that does not answer) used to live in separate hooks that nothing
 * kept consistent; here they are cases of the same value, with their tests in
 * tests/unit/popup/state.test.ts.
 */

/** The note about to be saved, as the editor shows it; `deckId` null is the default notebook. */
export interface ClipDraft {
  title: string;
  markdown: string;
  tags: string[];
  deckId: string | null;
  mode: DefaultClipMode;
}

/** What the user sees of a save once it left the editor. */
export type SaveOutcome =
  /** The service has the note. `tags` and `deckId` are what was sent. */
  | { kind: 'saved'; clip: ClipSummary; tags: string[] }
  /** The clip is kept in the outbox, which keeps sending it on its own. */
  | { kind: 'queued'; clip: ClipSummary; tags: string[] }
  /** `clip`: the clip is kept in the outbox and waits for the user; absent when nothing was kept. */
  | { kind: 'attention'; error: UserError; clip?: ClipSummary };

/** The "clipped before" box's own small machine: replace or append to the earlier note. */
export type UpdateState =
  | { step: 'idle' }
  | { step: 'working' }
  | { step: 'done'; message: string }
  | { step: 'failed'; error: UserError };

export type Phase =
  /** Settings read, the page being extracted: the skeleton. */
  | { step: 'loading' }
  /** No service set up: only the way to the options. */
  | { step: 'not-configured' }
  /** The page cannot be clipped as asked (browser page, PDF, nothing to extract, no tab). */
  | { step: 'cannot-clip'; error: UserError }
  | { step: 'editing' }
  | { step: 'saving' }
  /**
   * After Save: `busy` while an action on the result (retry, undo…) runs; `problem` when that
   * action failed (the outcome itself still stands).
   */
  | { step: 'result'; outcome: SaveOutcome; busy: boolean; problem?: UserError }
  /** The note just made was deleted, or the queued clip discarded: the draft is back for editing. */
  | { step: 'undone'; message: string };

/**
 * What the popup knows of the Notes service. Learnt from the stored key refusal at once, then
 * from the notes index refresh or a cheap check (utils/popup/tab/service-check.ts).
 */
export type ServiceHealth =
  | { status: 'unknown' }
  | { status: 'ok' }
  | { status: 'key-refused' }
  | { status: 'unreachable'; error: UserError };

export type PopupTab = 'clip' | 'recent';

export interface PopupState {
  phase: Phase;
  tab: PopupTab;
  tabId: number | undefined;
  decks: Deck[];
  /** The service's own id for its default notebook, once learnt (it names it "Default notebook"). */
  defaultNotebookId: string | undefined;
  service: ServiceHealth;
  draft: ClipDraft;
  /** The user typed a title: a preview in another mode keeps it. */
  titleEdited: boolean;
  /** The first preview arrived (it brings the default tags; later ones keep the user's). */
  previewShown: boolean;
  sourceUrl: string | undefined;
  hasSelection: boolean;
  notices: string[];
  /** The mode being extracted, waiting for its preview; undefined when the text is current. */
  extracting: DefaultClipMode | undefined;
  /** Each mode's preview, once extracted: going back to a mode shows it without extracting. */
  previews: Partial<Record<DefaultClipMode, TabPreview>>;
  /** The site module that read the page, from the preview shown (the comments control shows). */
  site: string | undefined;
  /** How much discussion the preview shown kept: the user's choice for this clip or the default. */
  comments: CommentDepth | undefined;
  /** The depth the user chose in the popup for this clip; previews are then asked with it. */
  commentsChosen: CommentDepth | undefined;
  /** The outbox clip an "Edit the note" sends again, instead of making a second clip. */
  resendId: string | undefined;
  clipped: ClippedPage | null;
  update: UpdateState;
  /**
   * The clip a quick capture just stored on this tab (issue 18, utils/just-saved): shown to edit
   * in place instead of the editor, until the user is done with it.
   */
  justSaved: string | undefined;
  index: NotesIndex | null;
  refreshing: boolean;
  recentTags: string[];
}

export const EMPTY_DRAFT: ClipDraft = {
  title: '',
  markdown: '',
  tags: [],
  deckId: null,
  mode: 'article',
};

export const INITIAL_STATE: PopupState = {
  phase: { step: 'loading' },
  tab: 'clip',
  tabId: undefined,
  decks: [],
  defaultNotebookId: undefined,
  service: { status: 'unknown' },
  draft: EMPTY_DRAFT,
  titleEdited: false,
  previewShown: false,
  sourceUrl: undefined,
  hasSelection: false,
  notices: [],
  extracting: undefined,
  previews: {},
  site: undefined,
  comments: undefined,
  commentsChosen: undefined,
  resendId: undefined,
  clipped: null,
  update: { step: 'idle' },
  justSaved: undefined,
  index: null,
  refreshing: false,
  recentTags: [],
};

export const NO_TAB_ERROR: UserError = {
  kind: 'unclippable',
  message: t('popup.noTab'),
};

export type PopupEvent =
  /** Stored settings read when the popup opens. */
  | {
      type: 'opened';
      configured: boolean;
      tabId: number | undefined;
      decks: Deck[];
      deckId: string | null;
      keyRefused: boolean;
      defaultNotebookId: string | undefined;
      index: NotesIndex | null;
      recentTags: string[];
    }
  /** "Try again" on a page that could not be read: back to the skeleton, read again. */
  | { type: 'reopened' }
  /** An extraction in `mode` (undefined: the user's default) was asked of the background. */
  | { type: 'preview-requested'; mode: DefaultClipMode | undefined }
  | { type: 'preview-arrived'; preview: TabPreview }
  | { type: 'preview-failed'; error: UserError; mode: DefaultClipMode | undefined }
  /** A mode chosen in the switch: a cached preview is shown at once, else one is extracted. */
  | { type: 'mode-chosen'; mode: DefaultClipMode }
  /** A comment depth chosen for this clip: the page is read again with it, in the same mode. */
  | { type: 'comments-chosen'; comments: CommentDepth }
  | { type: 'draft-edited'; change: Partial<ClipDraft> }
  | { type: 'save-started' }
  | { type: 'save-finished'; result: Result<{ clip: ClipSummary }> }
  /** Retry, default notebook, undo… on the result: the buttons wait. */
  | { type: 'result-action-started' }
  | { type: 'result-action-finished'; result: Result<{ clip: ClipSummary }> }
  /** The note just made was deleted, or the queued clip discarded (undo / Discard). */
  | { type: 'undo-finished'; result: Result; title: string; discarded: boolean }
  /** "Edit the note" on a clip that waits: the next Save sends that clip again. */
  | { type: 'edit-requested' }
  | { type: 'tab-selected'; tab: PopupTab }
  | { type: 'clipped-found'; clipped: ClippedPage | null }
  /** A quick capture just stored this clip from this tab: the popup opens on it. */
  | { type: 'just-saved-found'; clipId: string }
  /** Done with the note just made; `message` after an undo (the editor is back). */
  | { type: 'just-saved-done'; message?: string }
  | { type: 'update-started' }
  | { type: 'update-finished'; update: UpdateState }
  | { type: 'index-changed'; index: NotesIndex | null }
  | { type: 'recent-tags-changed'; tags: string[] }
  | { type: 'key-refusal-changed'; refused: boolean }
  | { type: 'index-refresh-started' }
  | { type: 'index-refresh-finished'; result: Result<{ scanned: boolean }> }
  /** The cheap check made when the index was fresh and asked nothing of the service. */
  | { type: 'service-checked'; result: Result }
  | { type: 'default-notebook-learned'; id: string };

/** What an error from the service says about the service as a whole. */
export function healthOf(result: Result): ServiceHealth {
  if (result.ok) return { status: 'ok' };
  switch (result.error.kind) {
    case 'auth':
      return { status: 'key-refused' };
    case 'network':
    case 'timeout':
    case 'server':
    case 'protocol':
    case 'not-found':
    case 'permission':
      return { status: 'unreachable', error: result.error };
    default:
      // Not a verdict on the service (a cancelled request, a stopped background): keep what we knew.
      return { status: 'unknown' };
  }
}

function outcomeOf(result: Result<{ clip: ClipSummary }>, tags: string[]): SaveOutcome {
  if (!result.ok) return { kind: 'attention', error: result.error };
  const { clip } = result;
  if (clip.state === 'saved') return { kind: 'saved', clip, tags };
  if (clip.state === 'needs-attention' && clip.error) {
    return { kind: 'attention', error: clip.error, clip };
  }
  return { kind: 'queued', clip, tags };
}

/** A save's outcome also tells the popup how the service is doing. */
function healthAfterSave(state: PopupState, outcome: SaveOutcome): ServiceHealth {
  if (outcome.kind === 'saved') return { status: 'ok' };
  const error = outcome.kind === 'attention' ? outcome.error : outcome.clip.error;
  if (!error) return state.service;
  const health = healthOf({ ok: false, error });
  return health.status === 'unknown' ? state.service : health;
}

function showPreview(state: PopupState, preview: TabPreview): PopupState {
  const mode = preview.mode as DefaultClipMode;
  const first = !state.previewShown;
  return {
    ...state,
    phase: { step: 'editing' },
    draft: {
      ...state.draft,
      title: state.titleEdited && !first ? state.draft.title : preview.title,
      markdown: preview.markdown,
      tags: first ? preview.tags : state.draft.tags,
      mode,
    },
    sourceUrl: preview.sourceUrl,
    hasSelection: preview.hasSelection,
    notices: preview.notices,
    site: preview.site,
    comments: preview.comments,
    extracting: undefined,
    previewShown: true,
  };
}

export function popupReducer(state: PopupState, event: PopupEvent): PopupState {
  switch (event.type) {
    case 'opened': {
      const base: PopupState = {
        ...state,
        tabId: event.tabId,
        decks: event.decks,
        defaultNotebookId: event.defaultNotebookId,
        index: event.index,
        recentTags: event.recentTags,
        service: event.keyRefused ? { status: 'key-refused' } : state.service,
        draft: { ...EMPTY_DRAFT, deckId: event.deckId },
      };
      if (!event.configured) return { ...base, phase: { step: 'not-configured' } };
      if (event.tabId === undefined)
        return { ...base, phase: { step: 'cannot-clip', error: NO_TAB_ERROR } };
      return { ...base, phase: { step: 'loading' } };
    }
    case 'reopened':
      return { ...state, phase: { step: 'loading' }, previews: {}, previewShown: false };
    case 'preview-requested':
      return {
        ...state,
        extracting: event.mode ?? state.draft.mode,
        ...(event.mode && { draft: { ...state.draft, mode: event.mode } }),
      };
    case 'preview-arrived': {
      const mode = event.preview.mode as DefaultClipMode;
      const previews = { ...state.previews, [mode]: event.preview };
      // A preview the user has moved on from (arrow keys through the modes) is kept, not shown.
      const wanted =
        !state.previewShown || state.extracting === undefined || state.extracting === mode;
      if (!wanted) return { ...state, previews };
      // Late for a screen that has moved on (saving, a result): kept for when the editor is back.
      if (state.phase.step === 'saving' || state.phase.step === 'result') {
        return { ...state, previews, extracting: undefined };
      }
      return showPreview({ ...state, previews }, event.preview);
    }
    case 'preview-failed':
      if (state.previewShown && event.mode !== undefined && state.extracting !== event.mode) {
        return state;
      }
      return {
        ...state,
        extracting: undefined,
        phase: { step: 'cannot-clip', error: event.error },
      };
    case 'mode-chosen': {
      if (event.mode === state.draft.mode && state.extracting === undefined) return state;
      const cached = state.previews[event.mode];
      if (cached) return showPreview(state, cached);
      return { ...state, extracting: event.mode, draft: { ...state.draft, mode: event.mode } };
    }
    case 'comments-chosen': {
      if (event.comments === state.comments && state.extracting === undefined) return state;
      // Every cached preview was read with the other depth.
      return {
        ...state,
        commentsChosen: event.comments,
        previews: {},
        extracting: state.draft.mode,
      };
    }
    case 'draft-edited':
      return {
        ...state,
        draft: { ...state.draft, ...event.change },
        titleEdited: state.titleEdited || event.change.title !== undefined,
      };
    case 'save-started':
      return { ...state, phase: { step: 'saving' } };
    case 'save-finished': {
      const outcome = outcomeOf(event.result, state.draft.tags);
      return {
        ...state,
        resendId: undefined,
        phase: { step: 'result', outcome, busy: false },
        service: healthAfterSave(state, outcome),
      };
    }
    case 'result-action-started':
      return state.phase.step === 'result'
        ? { ...state, phase: { step: 'result', outcome: state.phase.outcome, busy: true } }
        : state;
    case 'result-action-finished': {
      const outcome = outcomeOf(event.result, state.draft.tags);
      return {
        ...state,
        phase: { step: 'result', outcome, busy: false },
        service: healthAfterSave(state, outcome),
      };
    }
    case 'undo-finished': {
      if (!event.result.ok) {
        return state.phase.step === 'result'
          ? { ...state, phase: { ...state.phase, busy: false, problem: event.result.error } }
          : state;
      }
      const name = quoted(event.title || t('common.untitled'));
      return {
        ...state,
        resendId: undefined,
        phase: {
          step: 'undone',
          message: event.discarded
            ? t('popup.result.discarded', { title: name })
            : t('popup.result.deleted', { title: name }),
        },
      };
    }
    case 'edit-requested': {
      if (state.phase.step !== 'result') return state;
      const { outcome } = state.phase;
      return {
        ...state,
        phase: { step: 'editing' },
        resendId: outcome.kind === 'attention' && outcome.clip ? outcome.clip.id : undefined,
      };
    }
    case 'tab-selected':
      return { ...state, tab: event.tab };
    case 'clipped-found':
      return { ...state, clipped: event.clipped };
    case 'just-saved-found':
      return { ...state, justSaved: event.clipId, tab: 'clip' };
    case 'just-saved-done':
      return {
        ...state,
        justSaved: undefined,
        ...(event.message !== undefined &&
          isEditing(state.phase) && { phase: { step: 'undone', message: event.message } }),
      };
    case 'update-started':
      return { ...state, update: { step: 'working' } };
    case 'update-finished':
      return { ...state, update: event.update };
    case 'index-changed':
      return { ...state, index: event.index };
    case 'recent-tags-changed':
      return { ...state, recentTags: event.tags };
    case 'key-refusal-changed':
      if (event.refused) return { ...state, service: { status: 'key-refused' } };
      return state.service.status === 'key-refused'
        ? { ...state, service: { status: 'unknown' } }
        : state;
    case 'index-refresh-started':
      return { ...state, refreshing: true };
    case 'index-refresh-finished': {
      const refreshed = { ...state, refreshing: false };
      // A fresh index asked nothing of the service: the cheap check will say how it is.
      if (event.result.ok && !event.result.scanned) return refreshed;
      return { ...refreshed, service: mergeHealth(state.service, healthOf(event.result)) };
    }
    case 'service-checked':
      return { ...state, service: mergeHealth(state.service, healthOf(event.result)) };
    case 'default-notebook-learned':
      return { ...state, defaultNotebookId: event.id };
  }
}

/**
 * A stored key refusal stays until a key is saved (the outbox waits for that too), so an answer
 * that does not speak about the key does not hide it; anything that knows better replaces it.
 */
function mergeHealth(current: ServiceHealth, next: ServiceHealth): ServiceHealth {
  if (next.status === 'unknown') return current;
  if (current.status === 'key-refused' && next.status !== 'key-refused') return current;
  return next;
}

/** The result of a save already tells of a refused key or a service that does not answer. */
export function outcomeSpeaksOfService(outcome: SaveOutcome): boolean {
  const error = outcome.kind === 'attention' ? outcome.error : outcome.clip.error;
  return !!error && outcome.kind !== 'saved' && healthOf({ ok: false, error }).status !== 'unknown';
}

/** The editor is on screen (editing, saving, or after an undo). */
export function isEditing(phase: Phase): boolean {
  return phase.step === 'editing' || phase.step === 'saving' || phase.step === 'undone';
}
