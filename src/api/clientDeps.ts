import type { TokenPair } from '../../protocol/http.ts';

/** What the client needs from its surroundings; the browser wires stores and toasts, tests wire fakes. */
export interface ClientDeps {
  fetch: typeof fetch;
  /** Absolute base the paths resolve against (`location.origin + '/'` in the browser). */
  baseUrl: string;
  getTokens(): TokenPair | null;
  setTokens(pair: TokenPair): void;
  /** No refresh token or a failed refresh: clear the token and send the user to sign in. */
  onSessionLost(): void;
  isOnLoginPage(): boolean;
  notifyError(message: string): void;
  forgetWayline(): void;
  text: { unknownError: string; serverError: string };
  /** The console's language (`zh-CN`, `en`): the server answers its messages in it. */
  language(): string;
  /**
   * Sends a file body and reports upload progress, which `fetch` cannot: the browser wires an
   * `XMLHttpRequest`. Without it, uploads go through `fetch` and report only their end.
   */
  sendBlob?: BlobTransport;
}

/** One raw request carrying a file, answered with its status and text. */
export type BlobTransport = (request: {
  url: URL;
  headers: Record<string, string>;
  body: Blob;
  onProgress?: (fraction: number) => void;
}) => Promise<{ status: number; text: string }>;
