/**
 * The byte stream the broker reads and writes for an MQTT-over-WebSocket connection.
 *
 * `ws`'s own stream sends every chunk written to it as a WebSocket frame of its own, and the MQTT
 * encoder writes a PUBLISH as several chunks (header, length, topic, payload), corked until the next
 * tick. Every packet thus became several frames and several socket writes: at 20 000 messages a
 * second to one console that was a quarter of the server's main thread (profile of the server
 * bench, `writev`). Here the chunks released together are sent as one frame, which MQTT over
 * WebSocket allows: a frame may hold several packets or part of one, and receivers read a stream.
 *
 * Once the WebSocket has left the open state (we sent "going away", or the peer closed), what the
 * broker still writes is dropped. `ws` would fail such a write, and the stream's clean-up after a
 * failed write is `terminate()`: the socket destroyed at once, the close handshake abandoned, and
 * our close frame lost whenever it still waited behind the data queued for a slow reader. The peer
 * then sees 1006 instead of 1001 and takes a planned stop for a network fault. No data frame may
 * follow a close frame anyway (RFC 6455 §5.5.1).
 */
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import { createWebSocketStream } from 'ws';

export function mqttWebSocketStream(ws: WebSocket): Duplex {
  const stream = createWebSocketStream(ws);
  // `ws`'s own `_write` (it waits for a connection still opening).
  const send = stream._write.bind(stream);
  stream._write = (chunk, encoding, done) => {
    // Past the close frame: dropped, not failed (see the header).
    if (ws.readyState === ws.CLOSING || ws.readyState === ws.CLOSED) return done();
    send(chunk, encoding, done);
  };
  // The stream's writable side turns strings into Buffers before they are queued (decodeStrings).
  stream._writev = (chunks, done) => {
    const bytes = Buffer.concat(chunks.map(({ chunk }) => chunk as Buffer));
    stream._write(bytes, 'binary', done);
  };
  return stream;
}
