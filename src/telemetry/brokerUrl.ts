/** Resolves the broker address against the page (a relative `/mqtt` becomes `ws(s)://host/mqtt`). */
export function brokerUrl(wsUrl: string, page: string): string {
  const url = new URL(wsUrl, page);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  if (url.protocol === 'https:') url.protocol = 'wss:';
  return url.href;
}
