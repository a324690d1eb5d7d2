import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { t } from '../../utils/i18n';

/**
 * Tags as chips with an autocomplete text box, following the ARIA combobox pattern: the text box
 * is the combobox, the suggestions a listbox, the highlighted one named by aria-activedescendant
 * so focus never leaves the text box. Keys: type, ↓/↑ to move, Enter (or a comma) to add, Tab
 * to add the highlighted suggestion (with none highlighted Tab moves on as usual, so tabbing past
 * the box never adds a tag unasked), Backspace in the empty box to remove the last tag, Escape to
 * close the list. Ctrl/Cmd+Enter is left alone: it saves the clip.
 */
export interface TagInputProps {
  label: string;
  tags: readonly string[];
  onChange(tags: string[]): void;
  /** Suggestions for what is typed, leaving out the tags already chosen. */
  suggest(typed: string, chosen: readonly string[]): string[];
  /** Focus the text box when it appears (the popup's keyboard flow starts in the tags). */
  autoFocus?: boolean;
  /**
   * Show the suggestions as soon as the box has focus, before anything is typed (the popup ranks
   * them for the page: utils/tag-suggest). Off: the list opens on typing or ↓.
   */
  suggestOnFocus?: boolean;
}

export function TagInput({
  label,
  tags,
  onChange,
  suggest,
  autoFocus = false,
  suggestOnFocus = false,
}: TagInputProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);

  const suggestions = open ? suggest(typed, tags) : [];
  const expanded = suggestions.length > 0;
  const activeId = expanded && active >= 0 ? `${id}-option-${active}` : undefined;

  function add(raw: string) {
    const tag = raw.trim().replace(/,+$/, '').trim();
    setTyped('');
    setActive(-1);
    // Closed after each tag, so the list does not cover what follows; typing or ↓ reopens it.
    setOpen(false);
    if (!tag || tags.some((chosen) => chosen.toLowerCase() === tag.toLowerCase())) return;
    onChange([...tags, tag]);
  }

  function remove(tag: string) {
    onChange(tags.filter((chosen) => chosen !== tag));
    input.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        const count = suggest(typed, tags).length;
        setOpen(true);
        if (!count) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive(
          (current) => (current + step + count + (current < 0 && step < 0 ? 1 : 0)) % count,
        );
        return;
      }
      case 'Tab': {
        const choice = activeId && !event.shiftKey ? suggestions[active] : undefined;
        if (choice === undefined) return;
        event.preventDefault();
        add(choice);
        return;
      }
      case 'Enter': {
        const choice = activeId ? suggestions[active] : undefined;
        if (choice === undefined && !typed.trim()) return;
        event.preventDefault();
        add(choice ?? typed);
        return;
      }
      case ',': {
        event.preventDefault();
        add(typed);
        return;
      }
      case 'Backspace': {
        const last = tags[tags.length - 1];
        if (typed === '' && last !== undefined) {
          event.preventDefault();
          onChange(tags.slice(0, -1));
        }
        return;
      }
      case 'Escape': {
        if (expanded) {
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          setActive(-1);
        }
        return;
      }
    }
  }

  return (
    <div class="tag-input">
      <label for={inputId}>{label}</label>
      <div class="combo">
        <div class="tag-box">
          {tags.length > 0 && (
            <ul class="chips" aria-label={t('popup.tags.chosen', { label })}>
              {tags.map((tag) => (
                <li key={tag} class="chip">
                  <span class="chip-text">{tag}</span>
                  <button
                    type="button"
                    class="chip-remove"
                    aria-label={t('popup.tags.remove', { tag })}
                    onClick={() => remove(tag)}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
          <input
            ref={input}
            id={inputId}
            type="text"
            role="combobox"
            autocomplete="off"
            spellcheck={false}
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={activeId}
            aria-describedby={hintId}
            placeholder={tags.length ? t('popup.tags.addAnother') : t('popup.tags.add')}
            value={typed}
            onInput={(event) => {
              setTyped(event.currentTarget.value);
              setOpen(true);
              setActive(-1);
            }}
            onFocus={() => {
              if (suggestOnFocus) setOpen(true);
            }}
            onBlur={() => {
              setOpen(false);
              setActive(-1);
            }}
            onKeyDown={onKeyDown}
          />
        </div>
        <div
          id={listId}
          role="listbox"
          aria-label={t('popup.tags.suggestions', { label })}
          class="suggestions"
          hidden={!expanded}
        >
          {suggestions.map((tag, index) => (
            // The options are not focusable on purpose: in the combobox pattern focus stays in the
            // text box and the keyboard reaches them through aria-activedescendant.
            // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled by the combobox.
            // biome-ignore lint/a11y/useFocusableInteractive: see above.
            <div
              key={tag}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === active}
              class={index === active ? 'suggestion active' : 'suggestion'}
              // Keeps focus in the text box, so the list does not close before the click lands.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => add(tag)}
            >
              {tag}
            </div>
          ))}
        </div>
      </div>
      <p id={hintId} class="hint">
        {suggestOnFocus ? t('popup.tags.hintSuggested') : t('popup.tags.hint')}
      </p>
    </div>
  );
}
