import type { MessageTable } from './messageTable.ts';

/** AI models: what refuses an upload, a deployment or a deletion. */
export const modelMessages = {
  'model.bad_file': [
    '{field}: 不是有效的 ONNX 模型（{reason}）',
    '{field}: not a valid ONNX model ({reason})',
  ],
  'model.in_use': [
    '模型仍部署在 {count} 台设备上，无法删除',
    'the model is still deployed on {count} device(s) and cannot be deleted',
  ],
  'model.disabled': ['模型已停用，不能部署', 'the model is disabled and cannot be deployed'],
} as const satisfies MessageTable;
