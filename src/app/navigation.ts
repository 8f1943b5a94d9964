/** Routing for code outside React (the HTTP client, the session): the router registers itself here. */
let navigator: ((to: string, replace: boolean) => void) | null = null;

/** Called once by the router shell with its `navigate`. */
export function registerNavigator(fn: (to: string, replace: boolean) => void): void {
  navigator = fn;
}

/** Navigates inside the single-page app, or loads the address when no router is mounted yet. */
export function navigateTo(to: string, replace = false): void {
  if (navigator) navigator(to, replace);
  else if (replace) window.location.replace(to);
  else window.location.assign(to);
}

/** The address of the current page inside this site (path, query and hash). */
export function currentAddress(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

/** `/login?redirect={encoded address}` for the given (default: current) address. */
export function loginAddress(redirect = currentAddress()): string {
  return `/login?redirect=${encodeURIComponent(redirect)}`;
}

/**
 * The place a `redirect` query value may send the user: a path of this site, or a full address whose
 * origin is this site's. Anything else (another host, `//evil`, `javascript:`) is ignored.
 */
export function safeRedirect(value: string | null, fallback = '/dashboard'): string {
  if (value === null || value === '') return fallback;
  if (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')) return value;
  try {
    const url = new URL(value);
    if (url.origin === window.location.origin) return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    // Not an address at all: ignored like any other foreign value.
  }
  return fallback;
}
