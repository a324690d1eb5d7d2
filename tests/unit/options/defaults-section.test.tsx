// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DefaultsSection } from '../../../components/options/defaults-section';
import { NOTE_TEMPLATES } from '../../../utils/clip';
import {
  type ClipDefaults,
  clipDefaultsItem,
  DEFAULT_TEMPLATE_ID,
  type QuickCaptureSettings,
  quickCaptureItem,
  readQuickCaptureSettings,
} from '../../../utils/settings';

const NOTIFICATIONS_BOX = 'Show a notification after each quick capture';

const preview = () =>
  (screen.getByLabelText('Preview on a sample page') as HTMLTextAreaElement).value;

function renderDefaults(
  onSaved: (defaults: ClipDefaults, quickCapture: QuickCaptureSettings) => void = () => {},
  savedQuickCapture = quickCaptureItem.fallback,
) {
  render(
    <DefaultsSection
      saved={clipDefaultsItem.fallback}
      savedQuickCapture={savedQuickCapture}
      onSaved={onSaved}
    />,
  );
}

beforeEach(() => {
  fakeBrowser.reset();
});
afterEach(cleanup);

it('the default template is one the clipping engine has', () => {
  expect(NOTE_TEMPLATES.map((template) => template.id)).toContain(DEFAULT_TEMPLATE_ID);
});

it('previews each template on the sample page as the choice changes', () => {
  renderDefaults();
  expect(preview()).toContain('Source: [Coast Notes](https://coast.example.org/');

  fireEvent.change(screen.getByLabelText('Note template'), { target: { value: 'front-matter' } });

  expect(preview()).toMatch(/^---\ntitle: "Why Tide Pools Matter"/);
});

it('shows tracking parameters stripped from the source link only while the box is ticked', () => {
  renderDefaults();
  expect(preview()).not.toContain('utm_source');
  expect(preview()).toContain('page=2');

  fireEvent.click(screen.getByLabelText('Remove tracking parameters from page addresses'));

  expect(preview()).toContain('utm_source=newsletter');
});

it('a custom template starts from the chosen one, previews live and is saved as it changes', async () => {
  let saved: ClipDefaults | undefined;
  renderDefaults((value) => {
    saved = value;
  });
  expect(screen.queryByRole('button', { name: /Save/ })).toBeNull();

  fireEvent.change(screen.getByLabelText('Note template'), { target: { value: 'custom' } });
  const custom = screen.getByLabelText('Custom template') as HTMLTextAreaElement;
  expect(custom.value).toContain('Source: [{{site}}]({{url}})');
  fireEvent.input(custom, { target: { value: '# {{title}}\n\n{{content}}' } });
  fireEvent.input(screen.getByLabelText('Default tags'), { target: { value: 'sea, to read' } });

  expect(preview()).toMatch(/^# Why Tide Pools Matter\n\nTide pools are/);
  await screen.findByText('Saved. New clips use these defaults.');
  const expected = {
    tags: ['sea', 'to read'],
    mode: 'article',
    template: { kind: 'custom', text: '# {{title}}\n\n{{content}}' },
    stripTracking: true,
  };
  await vi.waitFor(async () => expect(await clipDefaultsItem.getValue()).toEqual(expected));
  expect(saved).toEqual(expected);
});

it('an empty custom template is not saved, and the defaults saved before stay', async () => {
  renderDefaults();
  fireEvent.change(screen.getByLabelText('Note template'), { target: { value: 'custom' } });
  await vi.waitFor(async () =>
    expect((await clipDefaultsItem.getValue()).template.kind).toBe('custom'),
  );

  fireEvent.input(screen.getByLabelText('Custom template'), { target: { value: '  ' } });

  expect((await screen.findByRole('alert')).textContent).toMatch(
    /^Not saved: .*custom template is empty.*New clips keep the defaults saved before\.$/,
  );
  const stored = await clipDefaultsItem.getValue();
  expect(stored.template).toMatchObject({ kind: 'custom' });
  expect(stored.template.kind === 'custom' && stored.template.text.trim()).not.toBe('');
});

it('quick-capture notifications are on until the box is unticked, which saves at once', async () => {
  let savedQuickCapture: QuickCaptureSettings | undefined;
  renderDefaults((_defaults, quickCapture) => {
    savedQuickCapture = quickCapture;
  });
  const box = screen.getByLabelText(NOTIFICATIONS_BOX) as HTMLInputElement;
  expect(box.checked).toBe(true);

  fireEvent.click(box);

  await screen.findByText('Saved. New clips use these defaults.');
  expect(await readQuickCaptureSettings()).toEqual({ notifications: false });
  expect(savedQuickCapture).toEqual({ notifications: false });
  // Only what changed is written: the clip defaults were not touched.
  expect(await fakeBrowser.storage.local.get('clipDefaults')).toEqual({});
});

it('shows notifications off when that is what was saved', () => {
  renderDefaults(undefined, { notifications: false });

  expect((screen.getByLabelText(NOTIFICATIONS_BOX) as HTMLInputElement).checked).toBe(false);
});
