/**
 * Video ids of protocol §7: `{sn}/{camera_index}/{video_index}`. Aircraft carry their main camera at
 * `52-0-0`, docks their own camera at `165-0-7` (the examples of the protocol reference).
 */

const AIRCRAFT_CAMERA = '52-0-0';
const DOCK_CAMERA = '165-0-7';
const DOCK_DOMAIN = 3;

/** The main stream of a device of `domain`. */
export function videoIdOf(sn: string, domain: number): string {
  return `${sn}/${domain === DOCK_DOMAIN ? DOCK_CAMERA : AIRCRAFT_CAMERA}/normal-0`;
}

/** The source device of a video id, or null when it is not of the `{sn}/{camera}/{video}` form. */
export function snOfVideoId(videoId: string): string | null {
  const parts = videoId.split('/');
  if (parts.length !== 3 || parts.some((p) => p === '' || p.length > 64)) return null;
  return parts[0] ?? null;
}
