import { fileURLToPath } from 'node:url';

/**
 * The repository's root folder (where `dist/` and `package.json` are). Run from source this file
 * sits in `server/`; compiled by `npm run build` it sits in `build/server/`, one level deeper.
 */
export const REPO_ROOT = fileURLToPath(
  new URL(import.meta.url.endsWith('.js') ? '../..' : '..', import.meta.url),
);

/** Whether this process runs the compiled server (`build/`) rather than the TypeScript sources. */
export const COMPILED = import.meta.url.endsWith('.js');
