/**
 * The flags every headless Chromium of the tests and benchmarks starts with: no sandbox (the
 * machine runs as root in a container) and none of the background traffic a desktop browser makes.
 */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
