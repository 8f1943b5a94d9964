/**
 * The environment for a browser process, with a UTF-8 character type. Chromium names a download in
 * the locale's character set: under the C locale (a CI job that clears the environment) a file
 * called 东门巡检.kmz is saved as "download". The console is not at fault there, so the tests give
 * the browser the locale any desktop has instead of bending their expectations.
 */
export function utf8Env(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  // As the C library reads them: the first one set and not empty decides the character type.
  const locale =
    [env.LC_ALL, env.LC_CTYPE, env.LANG].find((v) => v !== undefined && v !== '') ?? '';
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined) out[key] = value;
  if (!/utf-?8/i.test(locale)) out.LC_ALL = 'C.UTF-8';
  return out;
}
