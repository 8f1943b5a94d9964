import { z } from 'zod';

/** Longest wayline name, characters. */
export const WAYLINE_NAME_MAX = 100;

/**
 * A wayline's name: the file name without `.kmz` (protocol §6.1: the name is the file name), trimmed,
 * without path separators or control characters, which would break the download's file name.
 */
export const waylineName = z
  .string()
  .trim()
  .transform((name) => name.replace(/\.kmz$/i, '').trim())
  .pipe(
    z
      .string()
      .min(1)
      .max(WAYLINE_NAME_MAX)
      // eslint-disable-next-line no-control-regex
      .regex(/^[^/\\\u0000-\u001f\u007f]+$/, 'no slashes or control characters'),
  );
