export {
  type CreateOptions,
  createNotesClient,
  createWordedNotesClient,
  DEFAULT_TIMEOUT_MS,
  LIST_RESPONSE_LIMIT_BYTES,
  type ListAllOptions,
  type ListQuery,
  MAX_PAGE_SIZE,
  NOTE_RESPONSE_LIMIT_BYTES,
  type NotesClient,
  type NotesClientOptions,
  normalizeBaseUrl,
  parseRetryAfter,
  type RequestOptions,
} from './client';
export { NotesApiError, type NotesApiErrorKind, toUserError } from './errors';
export {
  type ErrorBody,
  errorBodySchema,
  type Note,
  type NoteDraft,
  type NoteList,
  type NotePatch,
  type NoteWithDeck,
  noteListSchema,
  noteSchema,
  noteWithDeckSchema,
} from './schemas';
export { type ApiSentence, type ApiWords, englishApiWords } from './sentences';
