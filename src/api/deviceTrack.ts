/** The stored 1 Hz track of a device (`protocol/alarms.ts` ALARM_API.track). */
import type { TrackPointDto } from '../../protocol/alarms.ts';
import { ALARM_API } from '../../protocol/alarms.ts';
import { http } from './http.ts';

/**
 * Track points of `sn` between two instants (ms since epoch), oldest first. Quiet: a background
 * read (the backfill after a lost link) must not toast; its caller decides what a failure means.
 */
export const readDeviceTrack = (sn: string, from: number, to: number) =>
  http.request<TrackPointDto[]>('GET', ALARM_API.track, {
    query: { device_sn: sn, from: new Date(from).toISOString(), to: new Date(to).toISOString() },
    quiet: true,
  });
