/** Calls of the airspace API (`protocol/airspace.ts`) the page makes besides the list. */
import { AIRSPACE_API } from '../../../protocol/airspace.ts';
import type {
  AirspaceArea,
  AirspaceAreaEdit,
  AirspaceAreaInput,
  AirspaceImportInput,
  AirspaceResyncInput,
  AirspaceSync,
} from '../../../protocol/airspace.ts';
import { http } from '../../api/http.ts';

export const addArea = (body: AirspaceAreaInput) => http.post<AirspaceArea>(AIRSPACE_API.add, body);
export const editArea = (body: AirspaceAreaEdit) =>
  http.post<AirspaceArea>(AIRSPACE_API.edit, body);
export const deleteArea = (id: number) => http.post<null>(AIRSPACE_API.del, { id });
export const importAreas = (body: AirspaceImportInput) =>
  http.post<AirspaceArea[]>(AIRSPACE_API.import, body);
/** Quiet: the page polls it, and a failed poll is followed by the next. */
export const fetchSync = (workspaceId: number) =>
  http.request<AirspaceSync>('GET', AIRSPACE_API.sync, {
    query: { workspace_id: workspaceId },
    quiet: true,
  });
export const resync = (body: AirspaceResyncInput) =>
  http.post<{ told: number }>(AIRSPACE_API.resync, body);
