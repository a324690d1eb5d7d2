import { storage } from 'wxt/utils/storage';
import * as z from 'zod/mini';
import { type LoadedSetting, readSetting, type VersionedSetting, writeSetting } from './stored';

/**
 * How clips made from the context menu or a keyboard shortcut are confirmed. The toolbar badge
 * always counts clips that are waiting; the notification (saved, waiting, needs attention) is
 * what the user may turn off.
 */
export interface QuickCaptureSettings {
  notifications: boolean;
}

export const quickCaptureSettingsSchema: z.ZodMiniType<QuickCaptureSettings> = z.object({
  notifications: z.boolean(),
});

export const QUICK_CAPTURE_VERSION = 1;

export const quickCaptureItem = storage.defineItem<QuickCaptureSettings>('local:quickCapture', {
  fallback: { notifications: true },
  version: QUICK_CAPTURE_VERSION,
});

export const quickCaptureSetting: VersionedSetting<QuickCaptureSettings> = {
  item: quickCaptureItem,
  schema: quickCaptureSettingsSchema,
  version: QUICK_CAPTURE_VERSION,
  name: 'quick capture',
};

export async function readQuickCaptureSettings(): Promise<QuickCaptureSettings> {
  return (await loadQuickCaptureSettings()).value;
}

/** For the options page: the value, and a notice when the stored one could not be used. */
export function loadQuickCaptureSettings(): Promise<LoadedSetting<QuickCaptureSettings>> {
  return readSetting(quickCaptureSetting);
}

export function saveQuickCaptureSettings(settings: QuickCaptureSettings): Promise<void> {
  return writeSetting(quickCaptureSetting, settings);
}
