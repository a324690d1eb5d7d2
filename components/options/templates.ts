import {
  type Clip,
  composeNote,
  NOTE_TEMPLATES,
  stripTrackingParameters,
} from '../../utils/clip/light';
import { type MessageKey, t } from '../../utils/i18n';
import type { Result } from '../../utils/result';
import { type TemplateChoice, templateSource } from '../../utils/settings';

/**
 * The note templates the options page offers and the preview of one on a sample page. The
 * templates belong to the clipping engine (utils/clip); this is the one place the options page
 * meets them.
 */
export interface BuiltInTemplate {
  id: string;
  label: string;
  /** The template text, offered as the start of a custom template. */
  text: string;
}

const TEMPLATE_NAMES: Record<string, MessageKey> = {
  'source-header': 'options.defaults.templateSourceHeader',
  'front-matter': 'options.defaults.templateFrontMatter',
  'content-only': 'options.defaults.templateContentOnly',
};

/**
 * The built-in templates write the same words for everyone (Markdown stays language-neutral); a
 * custom template started from one gets its label words in the user's language, and from then on
 * they are the user's own text, kept whatever language the browser later shows.
 */
function inUserWords(text: string): string {
  return text
    .replace(/^Source:/gm, () => t('options.templateWords.source'))
    .replace(/^Published /gm, () => `${t('options.templateWords.published')} `)
    .replace(/^Clipped /gm, () => `${t('options.templateWords.clipped')} `);
}

export function builtInTemplates(): BuiltInTemplate[] {
  return NOTE_TEMPLATES.map((template) => {
    const name = TEMPLATE_NAMES[template.id];
    return {
      id: template.id,
      label: name ? t(name) : template.name,
      text: inUserWords(template.template),
    };
  });
}

/** A small made-up article: every template variable has a value, so the preview shows them all. */
const SAMPLE_CLIP: Clip = {
  title: 'Why Tide Pools Matter',
  url: 'https://coast.example.org/articles/tide-pools?utm_source=newsletter&utm_medium=email&page=2',
  mode: 'article',
  notices: [],
  markdown: [
    'Tide pools are small worlds left behind by the retreating sea.',
    '',
    '## Who lives there',
    '',
    '- Anemones that close when the water leaves',
    '- Hermit crabs that trade shells as they grow',
  ].join('\n'),
  metadata: {
    title: 'Why Tide Pools Matter',
    author: 'Rosa Marin',
    siteName: 'Coast Notes',
    published: '2026-05-14',
    description: 'What lives between the tides, and why it is worth a careful look.',
  },
};

const SAMPLE_TIME = new Date('2026-06-01T09:30:00Z');

export function previewNote(
  template: TemplateChoice,
  stripTracking: boolean,
): Result<{ markdown: string }> {
  const clip = stripTracking
    ? { ...SAMPLE_CLIP, url: stripTrackingParameters(SAMPLE_CLIP.url) }
    : SAMPLE_CLIP;
  try {
    return {
      ok: true,
      markdown: composeNote(clip, { template: templateSource(template), now: SAMPLE_TIME }),
    };
  } catch {
    return {
      ok: false,
      error: {
        kind: 'template',
        message: t('options.defaults.templateBroken'),
      },
    };
  }
}
