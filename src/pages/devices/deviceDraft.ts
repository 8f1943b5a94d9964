/** The bind / edit form's values, their checks and the bodies they become. */
import type { Device } from '../../../protocol/http.ts';
import { MODELS, parseModelKey } from '../../../protocol/mqtt/models.ts';
import { SN_PATTERN } from '../../../protocol/mqtt/topics.ts';

export interface DeviceDraft {
  device_sn: string;
  name: string;
  /** A model key (`0-91-0`); its domain is the device type. */
  model: string;
  workspace_id: string;
  gateway_sn: string;
}

export type DraftField = keyof DeviceDraft;
export type DraftProblem = 'required' | 'snRule';

/** An empty bind form, in `workspaceId` when one is given. */
export const emptyDraft = (workspaceId = ''): DeviceDraft => ({
  device_sn: '',
  name: '',
  model: '',
  workspace_id: workspaceId,
  gateway_sn: '',
});

/** The edit form of an existing device. */
export const draftOf = (d: Device): DeviceDraft => ({
  device_sn: d.device_sn,
  name: d.name,
  model: d.model_key,
  workspace_id: String(d.workspace_id),
  gateway_sn: d.gateway_sn ?? '',
});

/** What is wrong with one field, or undefined. Editing checks only what can be edited. */
export function draftProblem(
  draft: DeviceDraft,
  field: DraftField,
  adding: boolean,
): DraftProblem | undefined {
  const value = draft[field].trim();
  const needed: readonly DraftField[] = adding
    ? ['device_sn', 'model', 'workspace_id']
    : ['workspace_id'];
  if (needed.includes(field) && value === '') return 'required';
  const isSerial = field === 'device_sn' || field === 'gateway_sn';
  if (adding && isSerial && value !== '' && !SN_PATTERN.test(value)) return 'snRule';
  return undefined;
}

/** The body of the bind call. */
export function addBody(draft: DeviceDraft) {
  const triple = parseModelKey(draft.model) ?? { domain: 0, type: 0, sub_type: 0 };
  const name = draft.name.trim();
  const gateway = draft.gateway_sn.trim();
  return {
    device_sn: draft.device_sn.trim(),
    ...(name === '' ? {} : { name }),
    ...triple,
    model_name: MODELS[draft.model] ?? '',
    workspace_id: Number(draft.workspace_id),
    gateway_sn: triple.domain === 0 && gateway !== '' ? gateway : null,
  };
}

/** The body of the edit call: name and project only. */
export const editBody = (draft: DeviceDraft) => ({
  device_sn: draft.device_sn,
  name: draft.name.trim(),
  workspace_id: Number(draft.workspace_id),
});
