import type { StreamKind } from '../../protocol/video.ts';

/**
 * Play URLs of real deployments. `LIVE_URL_TEMPLATE` is `<kind>:<url>` with `{sn}` and `{video_id}`
 * placeholders, e.g. `hls:https://media.example/live/{sn}/index.m3u8` or
 * `whep:https://media.example/rtc/v1/whep/?app=live&stream={sn}`: the media server that receives the
 * docks' RTMP/WHIP push serves them. Unset: every stream is the embedded `ws-jpeg`.
 */
const KIND = /^(whep|hls|flv|mpegts):(https?:\/\/.+)$/;

/** Parses a template; null when it is not `<kind>:<http(s) url>`. */
export function parseLiveUrlTemplate(text: string): { kind: StreamKind; url: string } | null {
  const match = KIND.exec(text.trim());
  if (!match?.[1] || !match[2]) return null;
  return { kind: match[1] as StreamKind, url: match[2] };
}

/** The configured play URL of one stream, or null to use the embedded stream. */
export function playUrlOf(
  template: string | undefined,
  sn: string,
  videoId: string,
): { kind: StreamKind; url: string } | null {
  const parsed = template ? parseLiveUrlTemplate(template) : null;
  if (!parsed) return null;
  return {
    kind: parsed.kind,
    url: parsed.url
      .replaceAll('{sn}', encodeURIComponent(sn))
      .replaceAll('{video_id}', encodeURIComponent(videoId)),
  };
}
