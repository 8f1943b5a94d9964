/** Calls of the AI-model API (`protocol/models.ts`). */
import type { Envelope, Page } from '../../protocol/http.ts';
import type {
  AiModel,
  AiModelDetail,
  AiModelVersion,
  DeployResult,
  ModelTarget,
} from '../../protocol/models.ts';
import { MODEL_API } from '../../protocol/models.ts';
import { i18n } from '../i18n/index.ts';
import { appStore } from '../state/app.ts';
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

function messageOf(text: string, status: number): string {
  try {
    const body = JSON.parse(text) as Partial<Envelope<unknown>>;
    if (typeof body.msg === 'string' && body.msg !== '') return body.msg;
  } catch {
    // Not the envelope (a proxy's page): the generic text below.
  }
  return status >= 500 ? i18n.t('serverError') : i18n.t('unknownError');
}

function sendOnce(file: Blob, url: string, onProgress: (f: number) => void) {
  return new Promise<UploadOutcome & { status: number }>((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Authorization', `Bearer ${appStore.authorization?.token ?? ''}`);
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.setRequestHeader('Accept-Language', i18n.language);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const text = xhr.responseText;
      if (xhr.status === 200)
        resolve({
          ok: true,
          status: 200,
          value: (JSON.parse(text) as Envelope<AiModelVersion>).data,
        });
      else resolve({ ok: false, status: xhr.status, message: messageOf(text, xhr.status) });
    };
    xhr.onerror = () => resolve({ ok: false, status: 0, message: i18n.t('unknownError') });
    xhr.send(file);
  });
}

/**
 * Uploads one ONNX file with upload progress (which `fetch` cannot report). After a 401 a cheap
 * list call lets the shared client renew the token, then the file goes once more.
 */
export async function uploadModel(
  file: File,
  fields: ModelUploadFields,
  onProgress: (fraction: number) => void,
): Promise<UploadOutcome> {
  const url = new URL(MODEL_API.upload, window.location.origin);
  for (const [k, v] of Object.entries(fields))
    if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
  const first = await sendOnce(file, url.toString(), onProgress);
  if (first.ok || first.status !== 401) return first;
  try {
    await listModels({ size: 1 });
  } catch {
    return first;
  }
  return sendOnce(file, url.toString(), onProgress);
}
