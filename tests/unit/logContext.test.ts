import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import {
  currentLogContext,
  logContextFields,
  withLogContext,
} from '../../server/runtime/logContext.ts';

/** A pino logger with the server's mixin, writing its lines where the test reads them. */
function recordingLogger() {
  const lines: Record<string, unknown>[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n'))
        if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { log: pino({ mixin: logContextFields }, out), lines };
}

describe('log context', () => {
  it('names the request on every line of the work it started, timers and promises included', async () => {
    const { log, lines } = recordingLogger();
    log.info('before');
    let timerRan: Promise<void> = Promise.resolve();
    await withLogContext({ reqId: 'req-7' }, async () => {
      log.info('in the handler');
      timerRan = new Promise((resolve) =>
        setTimeout(() => {
          log.warn('a timer it set');
          resolve();
        }, 1),
      );
      await Promise.resolve();
      log.info('after an await');
    });
    log.info('after');
    await timerRan;
    const of = (msg: string) => lines.find((l) => l.msg === msg);
    expect(of('before')?.reqId).toBeUndefined();
    expect(of('in the handler')?.reqId).toBe('req-7');
    expect(of('after an await')?.reqId).toBe('req-7');
    expect(of('a timer it set')?.reqId).toBe('req-7');
    expect(of('after')?.reqId).toBeUndefined();
  });

  it('adds a device call’s ids to its caller’s, and an inner context ends with its work', () => {
    const { log, lines } = recordingLogger();
    withLogContext({ reqId: 'req-8' }, () => {
      withLogContext({ tid: 't-1', bid: 'b-1', sn: 'DOCK1', method: 'cover_open' }, () =>
        log.warn('no answer'),
      );
      log.info('back in the request');
    });
    expect(lines[0]).toMatchObject({
      msg: 'no answer',
      reqId: 'req-8',
      tid: 't-1',
      bid: 'b-1',
      sn: 'DOCK1',
      method: 'cover_open',
    });
    expect(lines[1]?.tid).toBeUndefined();
    expect(lines[1]?.reqId).toBe('req-8');
    expect(currentLogContext()).toBeUndefined();
  });

  it('leaves a request’s own logger naming its id once, and a line’s own fields win', () => {
    const { log, lines } = recordingLogger();
    const requestLog = log.child({ reqId: 'req-9' });
    withLogContext({ reqId: 'req-9', sn: 'DOCK2' }, () => {
      requestLog.info('request completed');
      log.info({ sn: 'OTHER' }, 'about another device');
      log.info('plain');
    });
    const [completed, other, plain] = lines;
    // pino writes a child's bindings as they are: a second copy would be a second "reqId" key.
    expect(JSON.stringify(completed).match(/"reqId"/g)).toHaveLength(1);
    expect(completed?.sn).toBe('DOCK2');
    expect(other?.sn).toBe('OTHER');
    expect(plain).toMatchObject({ reqId: 'req-9', sn: 'DOCK2' });
  });
});
