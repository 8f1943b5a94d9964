/** Calls of the AI-model API (`protocol/models.ts`). */
import type { Page } from '../../protocol/http.ts';
import type {
  AiModel,
  AiModelDetail,
  AiModelVersion,
  DeployResult,
  ModelTarget,
} from '../../protocol/models.ts';
import { MODEL_API } from '../../protocol/models.ts';
import type { Query } from './createClient.ts';
import { http } from './http.ts';

export const listModels = (query: Query) => http.get<Page<AiModel>>(MODEL_API.list, query);
export const fetchModel = (id: number) => http.get<AiModelDetail>(MODEL_API.info, { id });
export const fetchModelTargets = (modelId: number) =>
  http.get<ModelTarget[]>(MODEL_API.targets, { model_id: modelId });
export const editModel = (id: number, change: { enabled?: boolean; name?: string }) =>
  http.post<null>(MODEL_API.edit, { id, ...change });
export const deleteModel = (id: number) => http.post<null>(MODEL_API.del, { id });
export const deployModel = (versionId: number, deviceSns: string[]) =>
  http.post<DeployResult>(MODEL_API.deploy, { version_id: versionId, device_sns: deviceSns });

/** Takes the model off the devices named, or off every device that runs it. */
export const undeployModel = (modelId: number, deviceSns?: string[]) =>
  http.post<DeployResult>(MODEL_API.undeploy, { model_id: modelId, device_sns: deviceSns });

/** What the upload carries besides the file; `model_id` adds a version to an existing model. */
export interface ModelUploadFields {
  model_id?: number;
  workspace_id?: number;
  name?: string;
  task_type?: string;
  version: string;
  classes: string;
  threshold: number;
  notes: string;
}

/** The stored version, or the server's message for the user. */
export type UploadOutcome = { ok: true; value: AiModelVersion } | { ok: false; message: string };

/** Uploads one ONNX file with upload progress, through the client's token and error rules. */
export async function uploadModel(
  file: File,
  fields: ModelUploadFields,
  onProgress: (fraction: number) => void,
): Promise<UploadOutcome> {
  const query: Query = { ...fields };
  try {
    const value = await http.upload<AiModelVersion>(MODEL_API.upload, file, {
      query,
      onProgress,
      quiet: true,
    });
    return { ok: true, value };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
