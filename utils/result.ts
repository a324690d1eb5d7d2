/**
 * What crosses a boundary (message, injected script, CLI): never a thrown error, always a
 * value the other side can branch on. `message` is a sentence a user can act on.
 */
export interface UserError {
  kind: string;
  message: string;
}

export type Result<T extends object = object> =
  | ({ ok: true } & T)
  | { ok: false; error: UserError };

export function failure(kind: string, message: string): { ok: false; error: UserError } {
  return { ok: false, error: { kind, message } };
}
