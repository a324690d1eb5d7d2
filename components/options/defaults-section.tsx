import { useRef, useState } from 'preact/hooks';
import { TEMPLATE_VARIABLES } from '../../utils/clip';
import {
  CLIP_MODE_LABELS,
  type ClipDefaults,
  clipDefaultsSchema,
  DEFAULT_CLIP_MODES,
  type DefaultClipMode,
  parseTags,
  type QuickCaptureSettings,
  saveClipDefaults,
  saveQuickCaptureSettings,
  type TemplateChoice,
} from '../../utils/settings';
import { CommentsField } from './comments-field';
import { describedBy, Field } from './field';
import { SectionHeading } from './section-heading';
import { type Status, StatusLine } from './status';
import { BUILT_IN_TEMPLATES, previewNote } from './templates';

interface Props {
  saved: ClipDefaults;
  savedQuickCapture: QuickCaptureSettings;
  onSaved(defaults: ClipDefaults, quickCapture: QuickCaptureSettings): void;
}

const CUSTOM = 'custom';

/**
 * Defaults for new clips, and how quick captures (which use them) are confirmed. Every change is
 * saved as it is made, like the decks; a value that is not valid (an empty custom template) is
 * not saved and the status says why, while the last valid defaults stay in use.
 */
export function DefaultsSection({ saved, savedQuickCapture, onSaved }: Props) {
  const [tags, setTags] = useState(saved.tags.join(', '));
  const [mode, setMode] = useState<DefaultClipMode>(saved.mode);
  const [stripTracking, setStripTracking] = useState(saved.stripTracking);
  const [notifications, setNotifications] = useState(savedQuickCapture.notifications);
  const savedTemplate = saved.template;
  const [templateId, setTemplateId] = useState(
    savedTemplate.kind === 'custom' ? CUSTOM : savedTemplate.id,
  );
  const [customText, setCustomText] = useState(
    savedTemplate.kind === 'custom' ? savedTemplate.text : templateText(savedTemplate.id),
  );
  const [status, setStatus] = useState<Status>(null);
  // Writes run one after another, so the last change typed is the one that stays stored.
  const writes = useRef<Promise<void>>(Promise.resolve());
  const stored = useRef({ defaults: saved, quickCapture: savedQuickCapture });

  const current = {
    tags,
    mode,
    stripTracking,
    notifications,
    templateId,
    customText,
  };
  const template = templateOf(current);
  const preview = previewNote(template, stripTracking);

  /** Applies one change to the form and saves the whole of it. */
  function change(update: Partial<typeof current>) {
    const next = { ...current, ...update };
    if (update.tags !== undefined) setTags(next.tags);
    if (update.mode !== undefined) setMode(next.mode);
    if (update.stripTracking !== undefined) setStripTracking(next.stripTracking);
    if (update.notifications !== undefined) setNotifications(next.notifications);
    if (update.templateId !== undefined) setTemplateId(next.templateId);
    if (update.customText !== undefined) setCustomText(next.customText);

    const parsed = clipDefaultsSchema.safeParse({
      tags: parseTags(next.tags),
      mode: next.mode,
      template: templateOf(next),
      stripTracking: next.stripTracking,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setStatus({
        tone: 'error',
        text: `Not saved: ${issue?.message ?? 'a value is not valid'}. New clips keep the defaults saved before.`,
      });
      return;
    }
    const defaults = parsed.data;
    const quickCapture: QuickCaptureSettings = { notifications: next.notifications };
    writes.current = writes.current.then(async () => {
      try {
        const before = stored.current;
        await Promise.all([
          JSON.stringify(defaults) !== JSON.stringify(before.defaults) &&
            saveClipDefaults(defaults),
          quickCapture.notifications !== before.quickCapture.notifications &&
            saveQuickCaptureSettings(quickCapture),
        ]);
        stored.current = { defaults, quickCapture };
        onSaved(defaults, quickCapture);
        setStatus({ tone: 'ok', text: 'Saved. New clips use these defaults.' });
      } catch {
        setStatus({ tone: 'error', text: 'Clipdeck could not save your defaults. Try again.' });
      }
    });
  }

  return (
    <section aria-labelledby="defaults-heading">
      <SectionHeading id="defaults-heading" title="Defaults for new clips">
        Changes save as you make them.
      </SectionHeading>
      <StatusLine status={status} />
      <form onSubmit={(event) => event.preventDefault()} noValidate>
        <Field id="default-tags" label="Default tags" hint="Separate tags with commas.">
          <input
            id="default-tags"
            type="text"
            value={tags}
            aria-describedby={describedBy('default-tags', { hint: true })}
            onInput={(event) => change({ tags: event.currentTarget.value })}
            // Tidied once the field is left, not while typing: “sea, ” is on its way to a tag.
            onBlur={() => setTags(parseTags(tags).join(', '))}
          />
        </Field>
        <Field id="clip-mode" label="Default clip mode">
          <select
            id="clip-mode"
            value={mode}
            onChange={(event) => change({ mode: event.currentTarget.value as DefaultClipMode })}
          >
            {DEFAULT_CLIP_MODES.map((value) => (
              <option key={value} value={value}>
                {CLIP_MODE_LABELS[value]}
              </option>
            ))}
          </select>
        </Field>
        <CommentsField onStatus={(text, ok) => setStatus({ tone: ok ? 'ok' : 'error', text })} />
        <div class="field checkbox">
          <input
            id="strip-tracking"
            type="checkbox"
            checked={stripTracking}
            aria-describedby="strip-tracking-hint"
            onChange={(event) => change({ stripTracking: event.currentTarget.checked })}
          />
          <label for="strip-tracking">Remove tracking parameters from page addresses</label>
          <p class="hint" id="strip-tracking-hint">
            Drops utm_source, fbclid and similar parameters from the source link kept in the note.
          </p>
        </div>
        <Field id="template" label="Note template">
          <select
            id="template"
            value={templateId}
            onChange={(event) => {
              const id = event.currentTarget.value;
              // Starting a custom template from the chosen built-in is easier than from nothing.
              change(
                id === CUSTOM && templateId !== CUSTOM
                  ? { templateId: id, customText: templateText(templateId) }
                  : { templateId: id },
              );
            }}
          >
            {BUILT_IN_TEMPLATES.map((builtIn) => (
              <option key={builtIn.id} value={builtIn.id}>
                {builtIn.label}
              </option>
            ))}
            <option value={CUSTOM}>Custom template</option>
          </select>
        </Field>
        {templateId === CUSTOM && (
          <Field id="custom-template" label="Custom template" hint={<TemplateHelp />}>
            <textarea
              id="custom-template"
              rows={8}
              spellcheck={false}
              value={customText}
              aria-describedby={describedBy('custom-template', { hint: true })}
              onInput={(event) => change({ customText: event.currentTarget.value })}
            />
          </Field>
        )}
        <div class="field">
          <span class="label" id="preview-label">
            Preview on a sample page
          </span>
          {preview.ok ? (
            // A read-only text area: labelled, focusable and scrollable from the keyboard.
            <textarea
              class="preview"
              aria-labelledby="preview-label"
              readOnly
              rows={13}
              value={preview.markdown}
            />
          ) : (
            <p class="field-error">{preview.error.message}</p>
          )}
        </div>
        <div class="field checkbox">
          <input
            id="quick-capture-notifications"
            type="checkbox"
            checked={notifications}
            aria-describedby="quick-capture-notifications-hint"
            onChange={(event) => change({ notifications: event.currentTarget.checked })}
          />
          <label for="quick-capture-notifications">
            Show a notification after each quick capture
          </label>
          <p class="hint" id="quick-capture-notifications-hint">
            Clips made from the right-click menu or a keyboard shortcut are confirmed by a system
            notification. Without it, the toolbar badge still counts clips that are waiting, and a
            page that could not be clipped gets a “!” badge with the reason.
          </p>
        </div>
      </form>
    </section>
  );
}

function templateOf(form: { templateId: string; customText: string }): TemplateChoice {
  return form.templateId === CUSTOM
    ? { kind: 'custom', text: form.customText }
    : { kind: 'builtin', id: form.templateId };
}

function templateText(id: string): string {
  return BUILT_IN_TEMPLATES.find((template) => template.id === id)?.text ?? '';
}

function TemplateHelp() {
  return (
    <>
      Placeholders are filled in for each clip:{' '}
      {TEMPLATE_VARIABLES.map((name, index) => (
        <span key={name}>
          {index > 0 && ', '}
          <code>{`{{${name}}}`}</code>
        </span>
      ))}
      . A line whose placeholders are all empty is left out.
    </>
  );
}
