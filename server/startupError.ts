/**
 * A start-up failure the operator fixes by changing one setting: `main.ts` prints `message` as one
 * line and exits with code 1, without a stack trace.
 */
export class StartupError extends Error {
  constructor(
    readonly setting: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StartupError';
  }
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

/** Re-throws a `listen` failure as a `StartupError` naming `PORT` (or `HOST`). */
export function listenError(error: unknown, host: string, port: number): StartupError {
  const code = errorCode(error);
  if (code === 'EADDRINUSE')
    return new StartupError('PORT', `port ${port} is already in use: set PORT to a free port`, {
      cause: error,
    });
  if (code === 'EACCES')
    return new StartupError(
      'PORT',
      `no permission to listen on port ${port}: set PORT to 1024 or above`,
      { cause: error },
    );
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
    return new StartupError('HOST', `cannot listen on address ${host}: set HOST (e.g. 0.0.0.0)`, {
      cause: error,
    });
  return new StartupError(
    'PORT',
    `cannot listen on ${host}:${port} (${code ?? String(error)}): check PORT and HOST`,
    { cause: error },
  );
}

/** A `DATABASE_URL` that did not answer, with the password left out of the message. */
export function databaseError(error: unknown, url: string): StartupError {
  let where = url;
  try {
    const parsed = new URL(url);
    where = `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    // Not a URL: config parsing already refused it; keep the text as is.
  }
  const reason = errorCode(error) ?? (error instanceof Error ? error.message : String(error));
  return new StartupError(
    'DATABASE_URL',
    `cannot reach the database at ${where} (${reason}): check DATABASE_URL`,
    { cause: error },
  );
}
