/** The fleet replay's window read (`protocol/replay.ts`). */
import type { ReplayWindow } from '../../protocol/replay.ts';
import { REPLAY_API } from '../../protocol/replay.ts';
import type { Query } from './createClient.ts';
import { http } from './http.ts';

/** One window: tracks, lanes, DRC holds and events of the chosen devices (all when none). */
export const fetchReplayWindow = (query: Query) => http.get<ReplayWindow>(REPLAY_API.window, query);
