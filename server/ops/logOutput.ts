/**
 * Where the server's log lines go and how they read: JSON lines for log collectors when stdout is not
 * a terminal (a container, a service manager, a pipe), readable coloured lines through pino-pretty
 * when a person watches a terminal. `LOG_FORMAT` overrides the guess.
 */

export type LogFormat = 'json' | 'pretty';

/** The format for this process: the setting when given, else by whether stdout is a terminal. */
export function logFormat(setting: LogFormat | undefined, isTerminal: boolean): LogFormat {
  return setting ?? (isTerminal ? 'pretty' : 'json');
}

/** Fastify's `logger.transport` for the format: none for JSON (pino writes it directly). */
export function logTransport(format: LogFormat): {
  transport?: { target: string; options: Record<string, unknown> };
} {
  if (format === 'json') return {};
  return {
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', singleLine: true },
    },
  };
}
