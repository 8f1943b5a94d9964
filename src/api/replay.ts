/** The fleet replay's window read (`protocol/replay.ts`). */
import type { ReplayWindow, ReplayWindowAnswer } from '../../protocol/replay.ts';
import { decodeReplayWindow, REPLAY_API } from '../../protocol/replay.ts';
import type { Query } from './createClient.ts';
import { http } from './http.ts';

/**
 * One window: tracks, lanes, DRC holds and events of the chosen devices (all when none), its tracks
 * decoded from the whole numbers they are sent as.
 */
export const fetchReplayWindow = (query: Query): Promise<ReplayWindow> =>
  http.get<ReplayWindowAnswer>(REPLAY_API.window, query).then(decodeReplayWindow);
