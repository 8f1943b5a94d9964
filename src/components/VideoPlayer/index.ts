export { VideoPlayer } from './VideoPlayer.tsx';
export type { PlayerStats, VideoPlayerProps } from './VideoPlayer.tsx';
