import { adminMessages } from './adminMessages.ts';
import { airspaceMessages } from './airspaceMessages.ts';
import { authMessages } from './authMessages.ts';
import { commonMessages } from './commonMessages.ts';
import { drcMessages } from './drcMessages.ts';
import { featureImportMessages } from './featureImportMessages.ts';
import type { MessageTable } from './messageTable.ts';
import { modelMessages } from './modelMessages.ts';
import { notificationMessages } from './notificationMessages.ts';
import { replayMessages } from './replayMessages.ts';
import { runVerdictMessages } from './runVerdictMessages.ts';
import { taskMessages } from './taskMessages.ts';
import { waylineImportMessages } from './waylineImportMessages.ts';
import { waylineKmlMessages } from './waylineKmlMessages.ts';
import { waylineMessages } from './waylineMessages.ts';

/**
 * Every domain's table. A key defined in two of them would silently keep only the later text in
 * {@link CATALOGUE}: tests/unit/messages.test.ts checks each key is defined once.
 */
export const MESSAGE_TABLES = {
  common: commonMessages,
  auth: authMessages,
  admin: adminMessages,
  wayline: waylineMessages,
  waylineImport: waylineImportMessages,
  waylineKml: waylineKmlMessages,
  task: taskMessages,
  runVerdict: runVerdictMessages,
  drc: drcMessages,
  model: modelMessages,
  featureImport: featureImportMessages,
  notification: notificationMessages,
  replay: replayMessages,
  airspace: airspaceMessages,
} as const satisfies Record<string, MessageTable>;

/** The server's one message catalogue: every domain's table merged. */
export const CATALOGUE = {
  ...commonMessages,
  ...authMessages,
  ...adminMessages,
  ...waylineMessages,
  ...waylineImportMessages,
  ...waylineKmlMessages,
  ...taskMessages,
  ...runVerdictMessages,
  ...drcMessages,
  ...modelMessages,
  ...featureImportMessages,
  ...notificationMessages,
  ...replayMessages,
  ...airspaceMessages,
} as const satisfies MessageTable;
