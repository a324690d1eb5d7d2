import { describe, expect, it } from 'vitest';
import type { ClipSummary } from '../../../utils/outbox';
import type { TabPreview } from '../../../utils/popup';
import {
  healthOf,
  INITIAL_STATE,
  isEditing,
  NO_TAB_ERROR,
  outcomeSpeaksOfService,
  type PopupEvent,
  type PopupState,
  popupReducer,
  queuedSentence,
  type SaveOutcome,
  serviceSentence,
  staleSentence,
} from '../../../utils/popup';

/** Every transition of the popup's state machine, without a browser (issue 19). */

const run = (events: PopupEvent[], from: PopupState = INITIAL_STATE) =>
  events.reduce(popupReducer, from);

const OPENED: PopupEvent = {
  type: 'opened',
  configured: true,
  tabId: 7,
  decks: [{ id: 'deck-science', label: 'Science' }],
  deckId: 'deck-science',
  keyRefused: false,
  defaultNotebookId: undefined,
  index: null,
  recentTags: ['shore'],
};

function preview(overrides: Partial<TabPreview> = {}): TabPreview {
  return {
    title: 'Why Tide Pools Matter',
    markdown: '# Tide pools',
    tags: ['to-read'],
    mode: 'article',
    sourceUrl: 'https://example.com/tide',
    hasSelection: false,
    notices: [],
    ...overrides,
  };
}

function clip(overrides: Partial<ClipSummary> = {}): ClipSummary {
  return { id: 'clip-1', state: 'saved', title: 'Tide', attempts: 1, createdAt: 1, ...overrides };
}

const editing = run([OPENED, { type: 'preview-arrived', preview: preview() }]);
const network = { kind: 'network', message: 'Could not reach the service.' };

describe('opening', () => {
  it('starts on the skeleton, with the deck chosen before the page is read', () => {
    const state = run([OPENED]);
    expect(state.phase).toEqual({ step: 'loading' });
    expect(state.draft.deckId).toBe('deck-science');
    expect(state.service).toEqual({ status: 'unknown' });
    expect(state.recentTags).toEqual(['shore']);
  });

  it('not configured: only the way to the options', () => {
    expect(run([{ ...OPENED, configured: false }]).phase).toEqual({ step: 'not-configured' });
  });

  it('no tab: cannot clip, says so', () => {
    expect(run([{ ...OPENED, tabId: undefined }]).phase).toEqual({
      step: 'cannot-clip',
      error: NO_TAB_ERROR,
    });
  });

  it('a key refused earlier is known at once, before the page is read', () => {
    const state = run([{ ...OPENED, keyRefused: true }]);
    expect(state.phase.step).toBe('loading');
    expect(state.service).toEqual({ status: 'key-refused' });
  });

  it('the first preview fills the draft with the page and the default tags', () => {
    expect(editing.phase).toEqual({ step: 'editing' });
    expect(editing.draft).toMatchObject({
      title: 'Why Tide Pools Matter',
      markdown: '# Tide pools',
      tags: ['to-read'],
      deckId: 'deck-science',
      mode: 'article',
    });
    expect(editing.previewShown).toBe(true);
    expect(editing.previews.article).toBeDefined();
  });

  it('a page that cannot be read says why; Try again starts over', () => {
    const failed = run([
      OPENED,
      { type: 'preview-failed', error: { kind: 'pdf', message: 'A PDF.' }, mode: undefined },
    ]);
    expect(failed.phase).toEqual({
      step: 'cannot-clip',
      error: { kind: 'pdf', message: 'A PDF.' },
    });
    expect(run([{ type: 'reopened' }], failed).phase).toEqual({ step: 'loading' });
  });

  it('a bookmark instead of an unreadable page: extracted, then shown for editing', () => {
    const failed = run([
      OPENED,
      { type: 'preview-failed', error: { kind: 'empty', message: 'Empty.' }, mode: undefined },
      { type: 'mode-chosen', mode: 'bookmark' },
    ]);
    expect(failed.extracting).toBe('bookmark');
    const shown = run(
      [{ type: 'preview-arrived', preview: preview({ mode: 'bookmark', markdown: '[x](<u>)' }) }],
      failed,
    );
    expect(shown.phase.step).toBe('editing');
    expect(shown.draft.mode).toBe('bookmark');
  });
});

describe('clip modes', () => {
  it('a mode not seen yet waits for its extraction; the text area waits too', () => {
    const state = run([{ type: 'mode-chosen', mode: 'full-page' }], editing);
    expect(state.extracting).toBe('full-page');
    expect(state.draft.mode).toBe('full-page');
    expect(state.draft.markdown).toBe('# Tide pools');
  });

  it('walking through modes shows only the one the user rests on', () => {
    const walked = run(
      [
        { type: 'mode-chosen', mode: 'full-page' },
        { type: 'mode-chosen', mode: 'bookmark' },
        // The full page arrives late: kept, not shown.
        { type: 'preview-arrived', preview: preview({ mode: 'full-page', markdown: 'FULL' }) },
      ],
      editing,
    );
    expect(walked.draft.markdown).toBe('# Tide pools');
    expect(walked.extracting).toBe('bookmark');
    expect(walked.previews['full-page']?.markdown).toBe('FULL');
    const rested = run(
      [{ type: 'preview-arrived', preview: preview({ mode: 'bookmark', markdown: 'LINK' }) }],
      walked,
    );
    expect(rested.draft.markdown).toBe('LINK');
    expect(rested.extracting).toBeUndefined();
  });

  it('going back to a mode already extracted shows it at once, without extracting', () => {
    const back = run(
      [
        { type: 'mode-chosen', mode: 'full-page' },
        { type: 'preview-arrived', preview: preview({ mode: 'full-page', markdown: 'FULL' }) },
        { type: 'mode-chosen', mode: 'article' },
      ],
      editing,
    );
    expect(back.extracting).toBeUndefined();
    expect(back.draft).toMatchObject({ mode: 'article', markdown: '# Tide pools' });
  });

  it('a later preview keeps the title the user typed and the tags they chose', () => {
    const state = run(
      [
        { type: 'draft-edited', change: { title: 'My title', tags: ['mine'] } },
        { type: 'mode-chosen', mode: 'full-page' },
        { type: 'preview-arrived', preview: preview({ mode: 'full-page', title: 'Page' }) },
      ],
      editing,
    );
    expect(state.draft).toMatchObject({ title: 'My title', tags: ['mine'], mode: 'full-page' });
  });

  it('choosing the mode already shown does nothing', () => {
    expect(run([{ type: 'mode-chosen', mode: 'article' }], editing)).toBe(editing);
  });

  it('a failed extraction in a mode the user left is ignored; in the current one it is shown', () => {
    const moved = run(
      [
        { type: 'mode-chosen', mode: 'selection' },
        { type: 'mode-chosen', mode: 'bookmark' },
      ],
      editing,
    );
    const error = { kind: 'no-selection', message: 'Nothing selected.' };
    expect(run([{ type: 'preview-failed', error, mode: 'selection' }], moved)).toBe(moved);
    expect(run([{ type: 'preview-failed', error, mode: 'bookmark' }], moved).phase).toEqual({
      step: 'cannot-clip',
      error,
    });
  });

  it('a preview arriving while saving is kept for later, not shown', () => {
    const saving = run(
      [{ type: 'mode-chosen', mode: 'full-page' }, { type: 'save-started' }],
      editing,
    );
    const state = run(
      [{ type: 'preview-arrived', preview: preview({ mode: 'full-page', markdown: 'FULL' }) }],
      saving,
    );
    expect(state.phase.step).toBe('saving');
    expect(state.previews['full-page']).toBeDefined();
  });
});

describe('saving', () => {
  const saving = run(
    [{ type: 'draft-edited', change: { tags: ['shore'] } }, { type: 'save-started' }],
    editing,
  );

  it('saving, then saved: the outcome carries the clip and the tags sent; the service is fine', () => {
    expect(saving.phase).toEqual({ step: 'saving' });
    expect(isEditing(saving.phase)).toBe(true);
    const saved = run(
      [{ type: 'save-finished', result: { ok: true, clip: clip({ noteId: 'n1' }) } }],
      saving,
    );
    expect(saved.phase).toEqual({
      step: 'result',
      busy: false,
      outcome: { kind: 'saved', clip: clip({ noteId: 'n1' }), tags: ['shore'] },
    });
    expect(saved.service).toEqual({ status: 'ok' });
  });

  it('service down: queued, and the popup now knows the service is not answering', () => {
    const queued = clip({ state: 'queued', error: network });
    const state = run([{ type: 'save-finished', result: { ok: true, clip: queued } }], saving);
    expect(state.phase).toMatchObject({
      step: 'result',
      outcome: { kind: 'queued', clip: queued },
    });
    expect(state.service).toEqual({ status: 'unreachable', error: network });
  });

  it('a refused key after Save: needs attention, and the key is known refused', () => {
    const refused = clip({
      state: 'needs-attention',
      attention: 'auth',
      error: { kind: 'auth', message: 'Refused.' },
    });
    const state = run([{ type: 'save-finished', result: { ok: true, clip: refused } }], saving);
    expect(state.phase).toMatchObject({ outcome: { kind: 'attention', clip: refused } });
    expect(state.service).toEqual({ status: 'key-refused' });
  });

  it('nothing kept (the background stopped): attention without a clip, service unknown', () => {
    const error = { kind: 'internal', message: 'Background stopped.' };
    const state = run([{ type: 'save-finished', result: { ok: false, error } }], saving);
    expect(state.phase).toMatchObject({ outcome: { kind: 'attention', error } });
    expect(state.service).toEqual({ status: 'unknown' });
  });

  it('an action on the result makes its buttons wait, then shows the new outcome', () => {
    const queued = run(
      [
        {
          type: 'save-finished',
          result: { ok: true, clip: clip({ state: 'queued', error: network }) },
        },
      ],
      saving,
    );
    const busy = run([{ type: 'result-action-started' }], queued);
    expect(busy.phase).toMatchObject({ step: 'result', busy: true });
    const done = run(
      [{ type: 'result-action-finished', result: { ok: true, clip: clip({ noteId: 'n2' }) } }],
      busy,
    );
    expect(done.phase).toMatchObject({ step: 'result', busy: false, outcome: { kind: 'saved' } });
    expect(done.service).toEqual({ status: 'ok' });
  });

  it('result-action-started outside a result changes nothing', () => {
    expect(run([{ type: 'result-action-started' }], editing)).toBe(editing);
  });

  it('“Edit the note” on a clip that waits: back to the editor, the next Save resends it', () => {
    const waiting = clip({
      state: 'needs-attention',
      attention: 'too-large',
      error: { kind: 'too-large', message: 'Too large.' },
    });
    const state = run(
      [{ type: 'save-finished', result: { ok: true, clip: waiting } }, { type: 'edit-requested' }],
      saving,
    );
    expect(state.phase).toEqual({ step: 'editing' });
    expect(state.resendId).toBe('clip-1');
    const resent = run(
      [{ type: 'save-started' }, { type: 'save-finished', result: { ok: true, clip: clip() } }],
      state,
    );
    expect(resent.resendId).toBeUndefined();
    expect(run([{ type: 'edit-requested' }], editing)).toBe(editing);
  });
});

describe('undo', () => {
  const saved = run(
    [
      { type: 'save-started' },
      { type: 'save-finished', result: { ok: true, clip: clip({ noteId: 'n1' }) } },
    ],
    editing,
  );

  it('deleting the note just made: says so and gives the draft back', () => {
    const state = run(
      [{ type: 'undo-finished', result: { ok: true }, title: 'Tide', discarded: false }],
      saved,
    );
    expect(state.phase).toEqual({
      step: 'undone',
      message:
        'Deleted the note “Tide” from your Notes service. The note is below if you want to save it again.',
    });
    expect(isEditing(state.phase)).toBe(true);
    expect(state.draft.markdown).toBe('# Tide pools');
  });

  it('discarding the clip that waits: nothing will be sent', () => {
    const state = run(
      [{ type: 'undo-finished', result: { ok: true }, title: '', discarded: true }],
      saved,
    );
    expect(state.phase).toMatchObject({
      step: 'undone',
      message: expect.stringContaining('Discarded the clip “Untitled”: nothing will be sent'),
    });
  });

  it('an undo that failed keeps the outcome and says why', () => {
    const error = { kind: 'not-found', message: 'Your Notes service did not delete it.' };
    const state = run(
      [{ type: 'undo-finished', result: { ok: false, error }, title: 'Tide', discarded: false }],
      saved,
    );
    expect(state.phase).toMatchObject({
      step: 'result',
      busy: false,
      problem: error,
      outcome: { kind: 'saved' },
    });
    expect(
      run(
        [{ type: 'undo-finished', result: { ok: false, error }, title: 'x', discarded: true }],
        editing,
      ),
    ).toBe(editing);
  });

  it('a preview arriving after an undo is shown (the editor is back)', () => {
    const undone = run(
      [
        { type: 'undo-finished', result: { ok: true }, title: 'Tide', discarded: false },
        { type: 'mode-chosen', mode: 'full-page' },
        { type: 'preview-arrived', preview: preview({ mode: 'full-page', markdown: 'FULL' }) },
      ],
      saved,
    );
    expect(undone.draft.markdown).toBe('FULL');
  });
});

describe('the service, as the popup learns about it', () => {
  it('a fresh index asked nothing: the refresh says nothing about the service', () => {
    const state = run([
      OPENED,
      { type: 'index-refresh-started' },
      { type: 'index-refresh-finished', result: { ok: true, scanned: false } },
    ]);
    expect(state.refreshing).toBe(false);
    expect(state.service).toEqual({ status: 'unknown' });
  });

  it.each([
    ['auth', { status: 'key-refused' }],
    ['network', { status: 'unreachable', error: { kind: 'network', message: 'm' } }],
    ['timeout', { status: 'unreachable', error: { kind: 'timeout', message: 'm' } }],
    ['server', { status: 'unreachable', error: { kind: 'server', message: 'm' } }],
    ['internal', { status: 'unknown' }],
  ] as const)('a refresh or check failing with %s', (kind, health) => {
    const error = { kind, message: 'm' };
    expect(
      run([OPENED, { type: 'index-refresh-finished', result: { ok: false, error } }]).service,
    ).toEqual(health);
    expect(
      run([OPENED, { type: 'service-checked', result: { ok: false, error } }]).service,
    ).toEqual(health);
  });

  it('a scan that worked, or a check that worked: fine', () => {
    expect(
      run([OPENED, { type: 'index-refresh-finished', result: { ok: true, scanned: true } }])
        .service,
    ).toEqual({ status: 'ok' });
    expect(run([OPENED, { type: 'service-checked', result: { ok: true } }]).service).toEqual({
      status: 'ok',
    });
  });

  it('a stored key refusal is not hidden by an answer about something else', () => {
    const refused = run([{ ...OPENED, keyRefused: true }]);
    expect(run([{ type: 'service-checked', result: { ok: true } }], refused).service).toEqual({
      status: 'key-refused',
    });
    expect(
      run([{ type: 'service-checked', result: { ok: false, error: network } }], refused).service,
    ).toEqual({ status: 'key-refused' });
  });

  it('the refusal stored or cleared while the popup is open (a key saved in the options)', () => {
    const refused = run([OPENED, { type: 'key-refusal-changed', refused: true }]);
    expect(refused.service).toEqual({ status: 'key-refused' });
    expect(run([{ type: 'key-refusal-changed', refused: false }], refused).service).toEqual({
      status: 'unknown',
    });
    const down = run([OPENED, { type: 'service-checked', result: { ok: false, error: network } }]);
    expect(run([{ type: 'key-refusal-changed', refused: false }], down)).toBe(down);
  });

  it('healthOf: only errors about the service speak about it', () => {
    expect(healthOf({ ok: false, error: { kind: 'cancelled', message: '' } })).toEqual({
      status: 'unknown',
    });
    expect(healthOf({ ok: false, error: { kind: 'protocol', message: 'p' } }).status).toBe(
      'unreachable',
    );
  });
});

describe('the rest of the popup', () => {
  it('tabs, the clipped-before note and its updates, the index, tags, the default notebook', () => {
    const clipped = {
      noteId: 'n1',
      title: 'Tide',
      clippedAt: 1,
      deckId: 'default',
      verified: true,
    };
    const index = {
      ...{ baseUrl: 'b', refreshedAt: 1, total: 0, complete: true, tags: [], recent: [] },
      catalog: { state: 'missing' as const, shards: 1 },
    };
    const state = run(
      [
        { type: 'tab-selected', tab: 'recent' },
        { type: 'clipped-found', clipped },
        { type: 'update-started' },
        { type: 'index-changed', index },
        { type: 'recent-tags-changed', tags: ['a'] },
        { type: 'default-notebook-learned', id: 'default' },
      ],
      editing,
    );
    expect(state).toMatchObject({
      tab: 'recent',
      clipped,
      update: { step: 'working' },
      index,
      recentTags: ['a'],
      defaultNotebookId: 'default',
    });
    const done = run(
      [{ type: 'update-finished', update: { step: 'done', message: 'Replaced.' } }],
      state,
    );
    expect(done.update).toEqual({ step: 'done', message: 'Replaced.' });
  });

  it('draft edits: a typed title is remembered as the user’s', () => {
    const state = run([{ type: 'draft-edited', change: { deckId: null } }], editing);
    expect(state.titleEdited).toBe(false);
    expect(run([{ type: 'draft-edited', change: { title: 'T' } }], state).titleEdited).toBe(true);
  });
});

describe('sentences', () => {
  it('a queued clip says why it waits and what happens next, for each reason', () => {
    const say = (kind?: string) =>
      queuedSentence(
        clip({ state: 'queued', ...(kind && { error: { kind, message: `(${kind})` } }) }),
      );
    expect(say()).toBe(
      'Sending “Tide”. It is kept in Clipdeck’s outbox, so closing this popup loses nothing.',
    );
    expect(say('network')).toBe(
      'Clipdeck could not reach your Notes service, so “Tide” was not sent yet. It is kept in Clipdeck’s outbox and will be sent when the service is back.',
    );
    expect(say('timeout')).toContain('checks whether it arrived, so it is not saved twice');
    expect(say('server')).toContain('had a problem on its side');
    expect(say('rate-limited')).toContain('sent shortly');
    expect(say('protocol')).toContain('check the base URL');
    expect(say('unexpected')).toBe(
      '“Tide” is kept in Clipdeck’s outbox and will be sent again. (unexpected)',
    );
    for (const kind of ['network', 'timeout', 'server'])
      expect(say(kind)).not.toContain('may have been saved');
  });

  it('the banner and the stale sign speak only when the service is in trouble', () => {
    expect(serviceSentence({ status: 'key-refused' })).toContain(
      'Paste the current key in the options',
    );
    expect(serviceSentence({ status: 'unreachable', error: network })).toBe(
      'Clipdeck cannot reach your Notes service. You can still clip: the clip is kept in the outbox and sent when the service is back.',
    );
    expect(
      serviceSentence({ status: 'unreachable', error: { kind: 'server', message: '' } }),
    ).toContain('on its side');
    expect(
      serviceSentence({ status: 'unreachable', error: { kind: 'timeout', message: '' } }),
    ).toContain('in time');
    expect(
      serviceSentence({ status: 'unreachable', error: { kind: 'protocol', message: '' } }),
    ).toContain('as expected');
    expect(serviceSentence({ status: 'ok' })).toBeUndefined();
    expect(staleSentence({ status: 'key-refused' })).toContain('may be out of date');
    expect(staleSentence({ status: 'unreachable', error: network })).toContain(
      'may be out of date',
    );
    expect(staleSentence({ status: 'unknown' })).toBeUndefined();
  });
});

describe('outcomeSpeaksOfService', () => {
  it('only a result about the service itself stands in for the banner', () => {
    const queued = (error?: { kind: string; message: string }): SaveOutcome => ({
      kind: 'queued',
      clip: clip({ state: 'queued', ...(error && { error }) }),
      tags: [],
    });
    expect(outcomeSpeaksOfService(queued(network))).toBe(true);
    expect(outcomeSpeaksOfService(queued())).toBe(false);
    expect(outcomeSpeaksOfService({ kind: 'saved', clip: clip(), tags: [] })).toBe(false);
    expect(
      outcomeSpeaksOfService({ kind: 'attention', error: { kind: 'auth', message: 'Refused.' } }),
    ).toBe(true);
    expect(
      outcomeSpeaksOfService({ kind: 'attention', error: { kind: 'too-large', message: 'Big.' } }),
    ).toBe(false);
  });
});

describe('comment depth for one clip', () => {
  const thread = run([
    OPENED,
    {
      type: 'preview-arrived',
      preview: preview({ site: 'github', comments: 'all', markdown: 'POST + 3 COMMENTS' }),
    },
    { type: 'mode-chosen', mode: 'full-page' },
    { type: 'preview-arrived', preview: preview({ mode: 'full-page', markdown: 'FULL' }) },
    { type: 'mode-chosen', mode: 'article' },
  ]);

  it('a page a site module read says so, with the depth it was read at', () => {
    expect(thread.site).toBe('github');
    expect(thread.comments).toBe('all');
    expect(run([{ type: 'preview-arrived', preview: preview() }]).site).toBeUndefined();
  });

  it('choosing another depth reads the page again in the same mode, forgetting cached previews', () => {
    const chosen = run([{ type: 'comments-chosen', comments: 'none' }], thread);
    expect(chosen.extracting).toBe('article');
    expect(chosen.commentsChosen).toBe('none');
    // The full page was read with the whole discussion: going back to it must read it again.
    expect(chosen.previews).toEqual({});
    const shown = run(
      [
        {
          type: 'preview-arrived',
          preview: preview({ site: 'github', comments: 'none', markdown: 'POST' }),
        },
      ],
      chosen,
    );
    expect(shown.draft.markdown).toBe('POST');
    expect(shown.comments).toBe('none');
    expect(run([{ type: 'mode-chosen', mode: 'full-page' }], shown).extracting).toBe('full-page');
  });

  it('choosing the depth already shown does nothing', () => {
    expect(run([{ type: 'comments-chosen', comments: 'all' }], thread)).toBe(thread);
  });
});
