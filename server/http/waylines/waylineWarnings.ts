import type { FastifyRequest } from 'fastify';
import { MODELS } from '../../../protocol/mqtt/models.ts';
import type {
  WaylineFacts,
  WaylineWarning,
  WaylineWarningCode,
} from '../../../protocol/waylines.ts';
import { AIRSPACE_WARNING_KEYS } from '../../airspace/planningCheck.ts';
import type { WaylineNote } from '../../waylines/readNotes.ts';
import { message, pickLang, type Lang, type MessageKey } from '../messages.ts';

const MESSAGE: Readonly<Record<WaylineWarningCode, MessageKey>> = {
  unknown_model: 'wayline_warning.unknown_model',
  defaulted: 'wayline_warning.defaulted',
  template_points: 'wayline_warning.template_points',
  ...AIRSPACE_WARNING_KEYS,
};

/** The caller's language, for the words of warnings. */
export function langOf(request: FastifyRequest): Lang {
  return pickLang(request.headers['accept-language']);
}

/** Warnings as the API answers them: code and details, and the words in `lang`. */
export function describeWarnings(notes: readonly WaylineNote[], lang: Lang): WaylineWarning[] {
  return notes.map((n) => ({ ...n, message: message(MESSAGE[n.code], lang, n.params) }));
}

/**
 * What a stored wayline's facts alone show: an aircraft model this console does not know, kept as
 * its key. Every list and detail answer carries it, not only the upload's.
 */
export function factsWarnings(facts: Pick<WaylineFacts, 'drone_model_key'>): WaylineNote[] {
  return MODELS[facts.drone_model_key] === undefined
    ? [{ code: 'unknown_model', params: { value: facts.drone_model_key } }]
    : [];
}
