/**
 * What a simulated dock does with `ai_model_deploy`: it accepts a deploy for itself or its
 * aircraft at once (the reply), then downloads the file from the signed link, checks its SHA-256 and
 * reports `ai_model_deploy_progress` events: downloading, then deployed, or failed with a code. A
 * deployed model replaces whatever the aircraft ran before. `ai_model_undeploy` drops the model at
 * once (and abandons a download of it still under way): the aircraft then detects nothing.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { ModelDeployProgressData } from '../../../protocol/models.ts';
import { MODEL_DEPLOY_CODES, MODEL_DEPLOY_PROGRESS } from '../../../protocol/models.ts';
import { thingTopic } from '../../../protocol/mqtt/topics.ts';
import type { SimUnitDef } from '../fleet.ts';
import { deployedModel, setDeployedModel } from './deployedModels.ts';

export interface SimModelDeployDeps {
  def: SimUnitDef;
  now: () => number;
  publish: (topic: string, payload: string) => void;
  download: (url: string) => Promise<Uint8Array>;
}

const record = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};

/** The deploy's fields, or null when the service is malformed. */
function readDeploy(data: unknown) {
  const d = record(data);
  const classes = Array.isArray(d.classes)
    ? d.classes.filter((c): c is string => typeof c === 'string')
    : [];
  const ok =
    typeof d.deploy_id === 'number' &&
    typeof d.sn === 'string' &&
    typeof d.url === 'string' &&
    typeof d.sha256 === 'string' &&
    typeof d.threshold === 'number' &&
    classes.length > 0;
  if (!ok) return null;
  return {
    deployId: d.deploy_id as number,
    sn: d.sn as string,
    url: d.url as string,
    sha256: d.sha256 as string,
    threshold: d.threshold as number,
    classes,
    modelId: typeof d.model_id === 'number' ? d.model_id : 0,
    name: typeof d.model_name === 'string' ? d.model_name : '',
    version: typeof d.version === 'string' ? d.version : '',
  };
}

/** Bad parameters in a service reply (protocol §10 family of "invalid parameter"). */
const BAD_PARAMS = 314000;

export function simModelDeploy(deps: SimModelDeployDeps) {
  const dockSn = deps.def.dock.sn;
  /** The deploy being fetched; a newer deploy or an undeploy makes it moot. */
  let loading: number | null = null;

  function report(body: ModelDeployProgressData): void {
    deps.publish(
      thingTopic(dockSn, 'events'),
      JSON.stringify({
        tid: randomUUID(),
        bid: randomUUID(),
        timestamp: deps.now(),
        gateway: dockSn,
        method: MODEL_DEPLOY_PROGRESS,
        need_reply: 0,
        data: body,
      }),
    );
  }

  async function fetchAndLoad(d: NonNullable<ReturnType<typeof readDeploy>>): Promise<void> {
    // After the service's reply has gone out: accepted first, then the progress.
    await Promise.resolve();
    const base = { deploy_id: d.deployId, sn: d.sn };
    report({ ...base, status: 'downloading', progress: 0, result: 0 });
    let bytes: Uint8Array;
    try {
      bytes = await deps.download(d.url);
    } catch {
      report({ ...base, status: 'failed', progress: 0, result: MODEL_DEPLOY_CODES.downloadFailed });
      return;
    }
    report({ ...base, status: 'downloading', progress: 100, result: 0 });
    if (loading !== d.deployId) return;
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    if (sha256 !== d.sha256) {
      report({
        ...base,
        status: 'failed',
        progress: 100,
        result: MODEL_DEPLOY_CODES.checksumMismatch,
      });
      return;
    }
    loading = null;
    // A dock runs detection for the aircraft it carries: either serial number means that aircraft.
    await setDeployedModel(deps.def.aircraft.sn, {
      modelId: d.modelId,
      name: d.name,
      version: d.version,
      classes: d.classes,
      threshold: d.threshold,
    });
    report({ ...base, status: 'deployed', progress: 100, result: 0 });
  }

  return {
    /** The service's result: 0 accepted (the rest follows as events), or a refusal code. */
    service(data: unknown): number {
      const d = readDeploy(data);
      if (!d) return BAD_PARAMS;
      if (d.sn !== deps.def.aircraft.sn && d.sn !== dockSn) return MODEL_DEPLOY_CODES.unknownDevice;
      loading = d.deployId;
      void fetchAndLoad(d);
      return 0;
    },
    /** `ai_model_undeploy`: 0 once the model is dropped (also when none ran), or a refusal code. */
    undeploy(data: unknown): number {
      const d = record(data);
      if (typeof d.sn !== 'string' || typeof d.model_id !== 'number') return BAD_PARAMS;
      if (d.sn !== deps.def.aircraft.sn && d.sn !== dockSn) return MODEL_DEPLOY_CODES.unknownDevice;
      loading = null;
      // Only that model: a newer one that replaced it in the meantime keeps running.
      const current = deployedModel(deps.def.aircraft.sn);
      if (current && current.modelId === d.model_id)
        void setDeployedModel(deps.def.aircraft.sn, null);
      return 0;
    },
  };
}
