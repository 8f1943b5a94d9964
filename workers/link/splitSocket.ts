/**
 * The WebSocket handed to mqtt.js (its `createWebsocket` option) in the browser: a real WebSocket
 * whose incoming frames pass through a {@link PublishSplitter} first, so QoS 0 PUBLISH packets go
 * straight to the worker's reader and mqtt.js sees only the rest. It offers exactly what mqtt.js's
 * browser stream uses of a socket: `binaryType`, `readyState`, `OPEN`, `bufferedAmount`,
 * `addEventListener`, `send` and `close`.
 */
import { PublishSplitter } from './publishSplitter.ts';
import type { PublishListener } from './publishSplitter.ts';

type Listener = (event: Event) => void;

export class SplitSocket {
  readonly OPEN = WebSocket.OPEN;
  private readonly socket: WebSocket;
  private readonly splitter: PublishSplitter;

  constructor(url: string, protocols: string[], onPublish: PublishListener) {
    this.socket = new WebSocket(url, protocols);
    this.socket.binaryType = 'arraybuffer';
    this.splitter = new PublishSplitter(onPublish);
    this.socket.addEventListener('close', () => this.splitter.reset());
  }

  /** Always `arraybuffer`: the splitter reads bytes. */
  get binaryType(): 'arraybuffer' {
    return 'arraybuffer';
  }

  set binaryType(_type: string) {
    // mqtt.js sets `arraybuffer`, which the socket already uses.
  }

  get readyState(): number {
    return this.socket.readyState;
  }

  get bufferedAmount(): number {
    return this.socket.bufferedAmount;
  }

  addEventListener(type: string, listener: Listener): void {
    if (type !== 'message') {
      this.socket.addEventListener(type, listener);
      return;
    }
    this.socket.addEventListener('message', (event: MessageEvent) => {
      if (!(event.data instanceof ArrayBuffer)) {
        listener(event);
        return;
      }
      const rest = this.splitter.take(new Uint8Array(event.data));
      if (rest === null) return;
      listener(new MessageEvent('message', { data: ownBuffer(rest) }));
    });
  }

  send(data: Parameters<WebSocket['send']>[0]): void {
    this.socket.send(data);
  }

  close(): void {
    this.socket.close();
  }
}

/** The bytes as an `ArrayBuffer` of their own (mqtt.js reads an `ArrayBuffer` whole). */
function ownBuffer(bytes: Uint8Array): ArrayBuffer {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return (whole ? bytes.buffer : bytes.slice().buffer) as ArrayBuffer;
}
