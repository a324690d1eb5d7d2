import { type ComponentChildren, Fragment } from 'preact';

/**
 * A translated sentence with markup inside (a bold host, a code address): the message is asked for
 * with its placeholders left in (`t(key, { host: '{host}' })`), then each `{name}` becomes the
 * element given for it, wherever the translation put it.
 */
export function richText(message: string, parts: Record<string, ComponentChildren>) {
  return message.split(/(\{[A-Za-z0-9_]+\})/).map((piece, index) => {
    const name = /^\{([A-Za-z0-9_]+)\}$/.exec(piece)?.[1];
    const part = name !== undefined && name in parts ? parts[name] : piece;
    // The pieces of one sentence never reorder: their index is a stable key.
    return <Fragment key={index}>{part}</Fragment>;
  });
}
