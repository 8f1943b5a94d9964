import { describe, expect, it } from 'vitest';
import { LiveHub, qualityFor } from '../../server/video/LiveHub.ts';
import type { StreamControl } from '../../server/video/LiveHub.ts';
import { parseLiveUrlTemplate, playUrlOf } from '../../server/video/playUrl.ts';
import { signStreamQuery, verifyStreamQuery } from '../../server/video/streamLink.ts';
import { snOfVideoId, videoIdOf } from '../../server/video/videoIds.ts';

const who = { userId: 1, username: 'u', ip: '' };

function recorder(): { log: string[]; control: StreamControl } {
  const log: string[] = [];
  return {
    log,
    control: {
      start: (id, q) => Promise.resolve(void log.push(`start ${id} ${String(q)}`)),
      stop: (id) => Promise.resolve(void log.push(`stop ${id}`)),
      setQuality: (id, q) => Promise.resolve(void log.push(`quality ${id} ${String(q)}`)),
    },
  };
}

describe('live hub', () => {
  it('starts on the first viewer, follows the largest tile and stops after the last', () => {
    const { log, control } = recorder();
    const hub = new LiveHub(control);
    const frames: string[] = [];
    const small = { size: 'small' as const, deliver: () => void frames.push('small') };
    const big = { size: 'big' as const, deliver: () => void frames.push('big') };
    const leaveSmall = hub.join('A/52-0-0/normal-0', small, who);
    const leaveBig = hub.join('A/52-0-0/normal-0', big, who);
    expect(hub.publish('A/52-0-0/normal-0', Buffer.alloc(1))).toBe(true);
    expect(frames).toEqual(['small', 'big']);
    leaveBig();
    leaveBig(); // a second close of the same socket changes nothing
    leaveSmall();
    expect(hub.publish('A/52-0-0/normal-0', Buffer.alloc(1))).toBe(false);
    expect(log).toEqual([
      'start A/52-0-0/normal-0 1',
      'quality A/52-0-0/normal-0 2',
      'quality A/52-0-0/normal-0 1',
      'stop A/52-0-0/normal-0',
    ]);
    hub.close();
  });

  it('asks SD for a big tile and smooth otherwise', () => {
    expect(qualityFor([{ size: 'small', deliver: () => undefined }])).toBe(1);
    expect(qualityFor([{ size: 'big', deliver: () => undefined }])).toBe(2);
  });
});

describe('stream links', () => {
  const claims = { userId: 7, videoId: 'SN1/52-0-0/normal-0', expires: 2_000 };
  it('verifies its own signature until it expires', () => {
    const query = new URLSearchParams(signStreamQuery('secret', claims));
    expect(verifyStreamQuery('secret', query, 1_000)).toEqual(claims);
    expect(verifyStreamQuery('secret', query, 3_000)).toBeNull();
    expect(verifyStreamQuery('other', query, 1_000)).toBeNull();
    query.set('uid', '8');
    expect(verifyStreamQuery('secret', query, 1_000)).toBeNull();
  });
});

describe('video ids and play URLs', () => {
  it('names aircraft and dock cameras as the protocol does', () => {
    expect(videoIdOf('AC1', 0)).toBe('AC1/52-0-0/normal-0');
    expect(videoIdOf('DOCK1', 3)).toBe('DOCK1/165-0-7/normal-0');
    expect(snOfVideoId('DOCK1/165-0-7/normal-0')).toBe('DOCK1');
    expect(snOfVideoId('DOCK1')).toBeNull();
  });
  it('fills a configured template and refuses one without a kind', () => {
    expect(playUrlOf('hls:https://m.example/live/{sn}.m3u8', 'AC 1', 'x')).toEqual({
      kind: 'hls',
      url: 'https://m.example/live/AC%201.m3u8',
    });
    expect(parseLiveUrlTemplate('https://m.example/{sn}')).toBeNull();
    expect(playUrlOf(undefined, 'AC1', 'x')).toBeNull();
  });
});
