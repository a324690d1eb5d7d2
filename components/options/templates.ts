import type { Result } from '../../utils/result';
import { DEFAULT_TEMPLATE_ID, type TemplateChoice } from '../../utils/settings';

/**
 * The note templates the options page offers and the preview of one on a sample page. The
 * templates themselves belong to the clipping engine (utils/clip); this adapter is the one place
 * the options page meets them.
 */
export interface BuiltInTemplate {
  id: string;
  label: string;
  /** The template text, offered as the start of a custom template. */
  text: string;
}

export const BUILT_IN_TEMPLATES: BuiltInTemplate[] = [
  { id: DEFAULT_TEMPLATE_ID, label: 'Standard: title, source link and content', text: '' },
];

export function previewNote(
  _template: TemplateChoice,
  _tags: string[],
): Result<{ markdown: string }> {
  return {
    ok: false,
    error: {
      kind: 'unavailable',
      message: 'The preview is not available in this version of Clipdeck.',
    },
  };
}
