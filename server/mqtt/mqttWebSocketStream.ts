/**
 * The byte stream the broker reads and writes for an MQTT-over-WebSocket connection.
 *
 * `ws`'s own stream sends every chunk written to it as a WebSocket frame of its own, and the MQTT
 * encoder writes a PUBLISH as several chunks (header, length, topic, payload), corked until the next
 * tick. Every packet thus became several frames and several socket writes: at 20 000 messages a
 * second to one console that was a quarter of the server's main thread (profile of the server
 * bench, `writev`). Here the chunks released together are sent as one frame, which MQTT over
 * WebSocket allows: a frame may hold several packets or part of one, and receivers read a stream.
 */
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import { createWebSocketStream } from 'ws';

export function mqttWebSocketStream(ws: WebSocket): Duplex {
  const stream = createWebSocketStream(ws);
  // The stream's writable side turns strings into Buffers before they are queued (decodeStrings).
  stream._writev = (chunks, done) => {
    const bytes = Buffer.concat(chunks.map(({ chunk }) => chunk as Buffer));
    // `ws`'s own `_write` (it waits for a connection still opening); the encoding is not used.
    stream._write(bytes, 'binary', done);
  };
  return stream;
}
