import { storage } from 'wxt/utils/storage';
import * as z from 'zod/mini';
import { NOTE_TEMPLATE_IDS } from '../clip/compose/template';
import { t } from '../i18n';
import { type VersionedSetting, writeSetting } from './stored';

/**
 * What a clip uses unless the user picks otherwise in the popup: tags, clip mode, the note
 * template and whether tracking parameters are stripped from the page address.
 */
export const DEFAULT_CLIP_MODES = ['article', 'full-page', 'selection', 'bookmark'] as const;
export type DefaultClipMode = (typeof DEFAULT_CLIP_MODES)[number];

export function clipModeLabel(mode: DefaultClipMode): string {
  switch (mode) {
    case 'article':
      return t('options.defaults.modeArticle');
    case 'full-page':
      return t('options.defaults.modeFullPage');
    case 'selection':
      return t('options.defaults.modeSelection');
    case 'bookmark':
      return t('options.defaults.modeBookmark');
  }
}

/** A built-in template by id, or the user's own template text. */
export type TemplateChoice = { kind: 'builtin'; id: string } | { kind: 'custom'; text: string };

export interface ClipDefaults {
  tags: string[];
  mode: DefaultClipMode;
  template: TemplateChoice;
  stripTracking: boolean;
}

export const MAX_TEMPLATE_LENGTH = 20_000;

const tagSchema = z.string().check(
  z.trim(),
  z.minLength(1, 'a tag cannot be empty'),
  z.maxLength(100, 'a tag is at most 100 characters'),
  z.refine((tag) => !tag.includes(','), 'a tag cannot contain a comma'),
);

export const templateChoiceSchema: z.ZodMiniType<TemplateChoice> = z.discriminatedUnion('kind', [
  // An id this version does not know (from a newer export, or an older development build) would
  // otherwise reach composeNote as template text and become the whole note.
  z.object({
    kind: z.literal('builtin'),
    id: z.string().check(
      z.minLength(1, 'choose a template'),
      z.refine(
        (id) => (NOTE_TEMPLATE_IDS as readonly string[]).includes(id),
        'this version of Clipdeck has no built-in template by that name',
      ),
    ),
  }),
  z.object({
    kind: z.literal('custom'),
    text: z.string().check(
      z.refine((text) => text.trim().length > 0, 'the custom template is empty'),
      z.refine(
        (text) => text.length <= MAX_TEMPLATE_LENGTH,
        `a template is at most ${MAX_TEMPLATE_LENGTH} characters`,
      ),
    ),
  }),
]);

export const clipDefaultsSchema: z.ZodMiniType<ClipDefaults> = z.object({
  tags: z.array(tagSchema).check(z.maxLength(50, 'at most 50 default tags')),
  mode: z.enum(DEFAULT_CLIP_MODES),
  template: templateChoiceSchema,
  stripTracking: z.boolean(),
});

/** utils/clip's default built-in template (NOTE_TEMPLATE_IDS); a test keeps the two in step. */
export const DEFAULT_TEMPLATE_ID = 'source-header';

/** What `composeNote`'s `template` option takes: a built-in id or the custom text itself. */
export function templateSource(choice: TemplateChoice): string {
  return choice.kind === 'builtin' ? choice.id : choice.text;
}

export const CLIP_DEFAULTS_VERSION = 1;

export const clipDefaultsItem = storage.defineItem<ClipDefaults>('local:clipDefaults', {
  fallback: {
    tags: [],
    mode: 'article',
    template: { kind: 'builtin', id: DEFAULT_TEMPLATE_ID },
    stripTracking: true,
  },
  version: CLIP_DEFAULTS_VERSION,
});

export const clipDefaultsSetting: VersionedSetting<ClipDefaults> = {
  item: clipDefaultsItem,
  schema: clipDefaultsSchema,
  version: CLIP_DEFAULTS_VERSION,
  name: 'clip defaults',
};

export function saveClipDefaults(defaults: ClipDefaults): Promise<void> {
  return writeSetting(clipDefaultsSetting, defaults);
}
