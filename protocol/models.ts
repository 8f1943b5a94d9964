/**
 * The AI-model contract: API paths, the registry's rows and the deployment of a model version to
 * devices over our own `ai_model_deploy` service. A model groups versions; each version is one
 * checked ONNX file with the classes it detects and the confidence it reports from.
 */

/** Routes of the model API (read with the `model` page code). */
export const MODEL_API = {
  list: '/api/model/list',
  info: '/api/model/info',
  /** Raw ONNX bytes as the body; the version's fields in the query string. */
  upload: '/api/model/upload',
  edit: '/api/model/edit',
  del: '/api/model/del',
  deploy: '/api/model/deploy',
  /** Stops devices running the model: they drop it and detect nothing until the next deploy. */
  undeploy: '/api/model/undeploy',
  /** Devices of the model's workspace a version may go to, with what each runs now. */
  targets: '/api/model/targets',
  /** Signed and expiring: the ONNX file, for the devices' download. */
  file: '/api/model/file',
} as const;

/** Largest ONNX file accepted, bytes: detection models for on-board use stay well below. */
export const MODEL_MAX_UPLOAD_BYTES = 200 * 1024 * 1024;

export const MODEL_TASK_TYPES = ['detection', 'segmentation', 'classification'] as const;
export type ModelTaskType = (typeof MODEL_TASK_TYPES)[number];

/** Our own service method on `thing/product/{gateway_sn}/services`. */
export const MODEL_DEPLOY_METHOD = 'ai_model_deploy';
/** Our own service: the device drops the model it runs (it then detects nothing). */
export const MODEL_UNDEPLOY_METHOD = 'ai_model_undeploy';
/** Our own event on `thing/product/{gateway_sn}/events` while a device fetches and loads a model. */
export const MODEL_DEPLOY_PROGRESS = 'ai_model_deploy_progress';

/** Result codes a device sends in a deploy's reply or progress (0 is success). */
export const MODEL_DEPLOY_CODES = {
  /** The file could not be downloaded. */
  downloadFailed: 325001,
  /** The file's SHA-256 is not the one the service named. */
  checksumMismatch: 325002,
  /** The device named in the service is not on this gateway. */
  unknownDevice: 325003,
  /** The server heard no reply in time. */
  noReply: -1,
} as const;

/**
 * `removing` while an undeploy waits for the device's reply, `removed` once it dropped the model
 * (undeployed, or its model was disabled).
 */
export const DEPLOY_STATES = [
  'pending',
  'downloading',
  'deployed',
  'failed',
  'replaced',
  'removing',
  'removed',
] as const;
export type DeployState = (typeof DEPLOY_STATES)[number];

/** An input or output of the ONNX graph; a dimension is a number, a name (`batch`) or unknown (`?`). */
export interface OnnxTensor {
  name: string;
  /** ONNX element type name, e.g. `float32`. */
  elemType: string;
  shape: (number | string)[];
}

/** What the server read from the ONNX file itself. */
export interface OnnxFacts {
  irVersion: number;
  /** Operator sets the graph imports, e.g. `ai.onnx 17`. */
  opsets: { domain: string; version: number }[];
  producer: string;
  producerVersion: string;
  graphName: string;
  nodeCount: number;
  inputs: OnnxTensor[];
  outputs: OnnxTensor[];
}

export interface AiModelVersion {
  id: number;
  model_id: number;
  version: string;
  framework: 'onnx';
  input_width: number;
  input_height: number;
  classes: string[];
  threshold: number;
  notes: string;
  size: number;
  sha256: string;
  onnx: OnnxFacts;
  created_by: string;
  created_at: string;
}

export interface AiModel {
  id: number;
  workspace_id: number;
  workspace_name: string;
  name: string;
  task_type: ModelTaskType;
  enabled: boolean;
  latest_version: string | null;
  /** Classes of the latest version. */
  classes: string[];
  version_count: number;
  /** Devices running one of its versions now. */
  deployed_count: number;
  created_by: string;
  created_at: string;
  updated_at: string;
}

/** One device's deployment of one version: the latest row per device and version. */
export interface ModelDeployment {
  id: number;
  version_id: number;
  version: string;
  device_sn: string;
  device_name: string;
  gateway_sn: string;
  state: DeployState;
  /** 0–100 while downloading. */
  progress: number;
  /** Result code of a failure (see MODEL_DEPLOY_CODES), or null. */
  result: number | null;
  reason: string;
  created_by: string;
  updated_at: string;
}

export interface AiModelDetail extends AiModel {
  versions: AiModelVersion[];
  deployments: ModelDeployment[];
}

/** A device a version may be deployed to. */
export interface ModelTarget {
  device_sn: string;
  name: string;
  /** 0 aircraft, 3 dock (protocol domains). */
  domain: number;
  gateway_sn: string;
  online: boolean;
  /** What it runs now, if anything. */
  current: { model: string; version: string; state: DeployState } | null;
}

export interface DeployResult {
  deployments: ModelDeployment[];
}

/** The service's `data`. */
export interface ModelDeployData {
  deploy_id: number;
  /** The device that runs the model (an aircraft, or a dock for its aircraft). */
  sn: string;
  model_id: number;
  model_name: string;
  version: string;
  url: string;
  sha256: string;
  size: number;
  classes: string[];
  threshold: number;
  input_size: [number, number];
}

/** The undeploy service's `data`. */
export interface ModelUndeployData {
  deploy_id: number;
  /** The device named in the deploy (an aircraft, or a dock for its aircraft). */
  sn: string;
  model_id: number;
}

/** `POST /api/model/undeploy`: every device of the model, or the ones named. */
export interface UndeployRequest {
  model_id: number;
  device_sns?: string[];
}

/** The progress event's `data`. */
export interface ModelDeployProgressData {
  deploy_id: number;
  sn: string;
  status: 'downloading' | 'deployed' | 'failed';
  progress: number;
  result: number;
}
