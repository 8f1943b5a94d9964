import type { MessageKey, MessageParams } from './messages.ts';

/** A part of a message that is itself a catalogue message (e.g. "2 个用户"), localised late. */
export interface MessagePart {
  key: MessageKey;
  params?: MessageParams;
}

/**
 * An outcome the caller should read: the HTTP status says what kind, `key` picks the message.
 * `parts` are localised and joined into the `{what}` placeholder.
 */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 429,
    readonly key: MessageKey,
    readonly params: MessageParams = {},
    readonly parts: readonly MessagePart[] = [],
  ) {
    super(key);
    this.name = 'ApiError';
  }
}

/** 404 with a message about `what`: used for things missing and things outside the caller's scope alike. */
export function notFound(
  what: 'user' | 'role' | 'menu' | 'workspace' | 'device' | 'route',
): ApiError {
  return new ApiError(404, `not_found.${what}`);
}
