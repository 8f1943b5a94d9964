/** Calls of the feature-point API (`protocol/featurePoints.ts`). */
import type {
  FeatureExportFile,
  FeatureFileFormat,
  FeatureImportBody,
  FeatureImportResult,
  FeatureNearby,
  FeaturePhoto,
  FeaturePoint,
  FeaturePointDetail,
  FeaturePointInput,
  FeatureWaylineBody,
  FeatureWaylineResult,
} from '../../protocol/featurePoints.ts';
import { FEATURE_API } from '../../protocol/featurePoints.ts';
import type { Page } from '../../protocol/http.ts';
import type { Query } from './createClient.ts';
import { http } from './http.ts';

export const listFeaturePoints = (query: Query) =>
  http.get<Page<FeaturePoint>>(FEATURE_API.list, query);
export const fetchFeaturePoint = (id: number) =>
  http.get<FeaturePointDetail>(FEATURE_API.info, { id });
export const fetchFeatureNearby = (id: number) =>
  http.get<FeatureNearby>(FEATURE_API.nearby, { id });
export const addFeaturePoint = (workspaceId: number, input: FeaturePointInput) =>
  http.post<FeaturePoint>(FEATURE_API.add, { ...input, workspace_id: workspaceId });
export const editFeaturePoint = (id: number, input: FeaturePointInput) =>
  http.post<FeaturePoint>(FEATURE_API.edit, { ...input, id });
export const deleteFeaturePoints = (ids: number[]) => http.post<null>(FEATURE_API.del, { ids });
export const addFeaturePhoto = (pointId: number, name: string, data: string) =>
  http.post<FeaturePhoto[]>(FEATURE_API.photoAdd, { point_id: pointId, name, data });
export const deleteFeaturePhoto = (id: number) =>
  http.post<FeaturePhoto[]>(FEATURE_API.photoDel, { id });
/** Quiet: a refused import is shown with its bad rows by the page, not as a toast. */
export const importFeaturePoints = (body: FeatureImportBody) =>
  http.request<FeatureImportResult>('POST', FEATURE_API.import, { body, quiet: true });
export const exportFeaturePoints = (format: FeatureFileFormat, query: Query) =>
  http.get<FeatureExportFile>(FEATURE_API.export, { ...query, format });
export const makeFeatureWayline = (body: FeatureWaylineBody) =>
  http.post<FeatureWaylineResult>(FEATURE_API.wayline, body);
