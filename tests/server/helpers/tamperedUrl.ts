/**
 * The same signed file address with the first character of its signature changed, so the server must
 * refuse it. Changing it to a fixed character would leave one signature in sixteen untouched.
 */
export function tamperedUrl(url: string): string {
  return url.replace(/sig=(.)/, (_m, first: string) => `sig=${first === '0' ? '1' : '0'}`);
}
