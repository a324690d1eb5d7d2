import { storage } from 'wxt/utils/storage';
import * as z from 'zod/mini';
import { type CommentDepth, commentDepths } from '../clip/sites/types';
import { type LoadedSetting, readSetting, type VersionedSetting, writeSetting } from './stored';

/**
 * How much of a page's discussion a clip keeps (issues, Q&A, threads): `none`, `top-level`, or
 * `all`. Absent means each site family's own default (utils/clip/sites DEFAULT_COMMENT_DEPTH:
 * a thread or an issue keeps its whole discussion, a video or a reference page none). The popup
 * may choose otherwise for one clip without changing this.
 */
export interface CommentDepthSettings {
  comments?: CommentDepth;
}

export const commentDepthSettingsSchema: z.ZodMiniType<CommentDepthSettings> = z.object({
  comments: z.optional(z.enum(commentDepths)),
});

export const COMMENT_DEPTH_VERSION = 1;

export const commentDepthItem = storage.defineItem<CommentDepthSettings>('local:commentDepth', {
  fallback: {},
  version: COMMENT_DEPTH_VERSION,
});

export const commentDepthSetting: VersionedSetting<CommentDepthSettings> = {
  item: commentDepthItem,
  schema: commentDepthSettingsSchema,
  version: COMMENT_DEPTH_VERSION,
  name: 'comments',
};

/** For the options page: the value, and a notice when the stored one could not be used. */
export function loadCommentDepth(): Promise<LoadedSetting<CommentDepthSettings>> {
  return readSetting(commentDepthSetting);
}

/** The user's choice, or undefined for the family defaults (also when the stored value is bad). */
export async function readCommentDepth(): Promise<CommentDepth | undefined> {
  return (await loadCommentDepth()).value.comments;
}

export function saveCommentDepth(settings: CommentDepthSettings): Promise<void> {
  // Absent, never `undefined` stored as a key: the schema's optional field stays optional.
  return writeSetting(
    commentDepthSetting,
    settings.comments ? { comments: settings.comments } : {},
  );
}
