// Types of buildServer.mjs (plain JavaScript: it runs before anything is compiled) for the tests.

/** True when build/ is missing or older than any source of the server. */
export function serverBuildStale(): boolean;
/** Compiles the server into build/ from scratch. */
export function buildServer(): void;
/** Compiles when stale; true when it compiled. */
export function buildServerIfStale(): boolean;
