import { useId } from 'preact/hooks';
import { t } from '../../utils/i18n';
import { type Deck, defaultNotebookLabel } from '../../utils/settings';

/** A value no deck id can take: the interface names the default notebook by leaving deck_id out. */
const DEFAULT_NOTEBOOK = '';

/** The user's decks plus "Default notebook"; `null` is the default notebook. */
export function DeckPicker(props: {
  decks: readonly Deck[];
  value: string | null;
  onChange(deckId: string | null): void;
  label?: string;
}) {
  const id = useId();
  const { decks, value, onChange, label = t('common.deckLabel') } = props;
  const listed = value === null || decks.some((deck) => deck.id === value);
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <select
        id={id}
        value={value ?? DEFAULT_NOTEBOOK}
        onChange={(event) => {
          const chosen = event.currentTarget.value;
          onChange(chosen === DEFAULT_NOTEBOOK ? null : chosen);
        }}
      >
        <option value={DEFAULT_NOTEBOOK}>{defaultNotebookLabel()}</option>
        {decks.map((deck) => (
          <option key={deck.id} value={deck.id}>
            {deck.label}
          </option>
        ))}
        {!listed && value !== null && <option value={value}>{value}</option>}
      </select>
    </div>
  );
}
