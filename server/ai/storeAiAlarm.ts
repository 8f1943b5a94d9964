import type { Db } from '../db/Db.ts';
import type { Fields } from '../mqtt/decode.ts';
import type { Notifier } from '../notifications/Notifier.ts';
import type { AiAlarmContext } from './aiAlarmContext.ts';
import { ingestAiAlarm } from './ingestAiAlarm.ts';

/**
 * Ingestion's entry point for `ai_alarm`: stores the detection, stamped with the time the server
 * received it (the order consoles saw it live), and resolves once it and its snapshot are stored.
 */
export async function storeAiAlarm(
  db: Db,
  context: AiAlarmContext | null,
  sn: string,
  data: Fields,
  receivedAt: number,
  notifier: Notifier,
) {
  const id = await ingestAiAlarm(db, context, sn, data, receivedAt);
  // A repeat (or the echo of a gas crossing, notified where it was raised) stores nothing: null.
  if (id !== null) notifier.notify({ kind: 'ai_alarm', deviceSn: sn, alarmId: id, at: receivedAt });
}
