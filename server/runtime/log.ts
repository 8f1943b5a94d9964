/**
 * The logger the MQTT modules need: a Fastify/pino logger fits, and so does a test's recorder.
 * Messages are single lines; the broker never prints a stack trace for an expected condition.
 */
export interface Log {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

/** A logger that writes nothing (tests that do not look at logs). */
export const silentLog: Log = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
