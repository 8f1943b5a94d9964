/**
 * The words of a notification: a title and lines (what every channel shows), and a data object (what
 * a webhook's JSON carries besides), in the channel's language. Times are shown in the rule's zone.
 */
import { categoryWord } from '../../protocol/aiCategoryWords.ts';
import { areaSituation, breaches } from '../../protocol/airspace.ts';
import type { AreaSituation } from '../../protocol/airspace.ts';
import { CHANNEL_UNIT } from '../../protocol/gas.ts';
import type { EventKind, MessageLang, NotificationEvent } from '../../protocol/notifications.ts';
import type { ResolvedEvent } from './resolveEvent.ts';

export interface Message {
  title: string;
  lines: string[];
  data: Record<string, unknown>;
}

/** Why a digest was sent: a rate limit's window ended, or quiet hours did. */
export type DigestReason = 'rate_limit' | 'quiet_hours';

export interface DigestInput {
  reason: DigestReason;
  eventKind: EventKind;
  workspaceId: number;
  workspaceName: string;
  count: number;
  from: number;
  to: number;
  /** Held events per device serial number. */
  devices: Record<string, number>;
  /** Titles of the first few held events, in each language. */
  samples: Record<MessageLang, string>[];
}

const WORDS = {
  zh: {
    kinds: {
      hms: 'HMS 告警',
      ai_alarm: 'AI 告警',
      gas: '气体超限',
      task_failed: '飞行任务失败',
      device_offline: '设备离线',
    },
    levels: ['提示', '注意', '警告'],
    device: '设备',
    project: '项目',
    time: '时间',
    level: '级别',
    code: '代码',
    category: '类别',
    confidence: '置信度',
    alarm: '告警编号',
    areas: { no_fly: '禁飞区', operation: '作业区' },
    boundary: (m: string, where: AreaSituation) =>
      where === 'inside'
        ? `已进入（距边界 ${m} 米）`
        : where === 'outside'
          ? `已飞出（距边界 ${m} 米）`
          : `距边界 ${m} 米`,
    gas: '气体',
    value: '读数',
    threshold: '阈值',
    task: '任务',
    state: '结果',
    digest: '汇总',
    held: (n: number) => `共 ${String(n)} 条通知被暂缓`,
    reasons: { rate_limit: '原因：限流', quiet_hours: '原因：免打扰时段' },
    range: '时段',
    byDevice: '按设备',
    examples: '示例',
    testTitle: 'Skydeck 测试消息',
    testLine: '这是一条来自 Skydeck 的测试消息，收到即表示通知渠道配置正确。',
    channel: '渠道',
  },
  en: {
    kinds: {
      hms: 'HMS alarm',
      ai_alarm: 'AI alarm',
      gas: 'Gas threshold crossed',
      task_failed: 'Flight task failed',
      device_offline: 'Device offline',
    },
    levels: ['notice', 'caution', 'warning'],
    device: 'Device',
    project: 'Project',
    time: 'Time',
    level: 'Level',
    code: 'Code',
    category: 'Category',
    confidence: 'Confidence',
    alarm: 'Alarm no.',
    areas: { no_fly: 'No-fly area', operation: 'Operation area' },
    boundary: (m: string, where: AreaSituation) =>
      where === 'inside'
        ? `inside (${m} m from its boundary)`
        : where === 'outside'
          ? `outside (${m} m from its boundary)`
          : `${m} m from its boundary`,
    gas: 'Gas',
    value: 'Reading',
    threshold: 'Threshold',
    task: 'Task',
    state: 'Outcome',
    digest: 'digest',
    held: (n: number) => `${String(n)} notification(s) were held back`,
    reasons: { rate_limit: 'Reason: rate limit', quiet_hours: 'Reason: quiet hours' },
    range: 'Period',
    byDevice: 'By device',
    examples: 'Examples',
    testTitle: 'Skydeck test message',
    testLine: 'This is a test message from Skydeck: the channel is set up correctly.',
    channel: 'Channel',
  },
} as const;

type Words = (typeof WORDS)[MessageLang];

/** `YYYY-MM-DD HH:mm:ss` in `timezone`. */
export function localTime(at: number, timezone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(at));
  const p = (type: string) => parts.find((x) => x.type === type)?.value ?? '00';
  return `${p('year')}-${p('month')}-${p('day')} ${p('hour')}:${p('minute')}:${p('second')}`;
}

const levelWord = (w: Words, level: number): string => w.levels[level] ?? String(level);

/** The lines particular to the event's kind. */
function kindLines(
  w: Words,
  lang: MessageLang,
  e: NotificationEvent,
): { subject: string; lines: string[] } {
  switch (e.kind) {
    case 'hms':
      return {
        subject: e.code,
        lines: [`${w.level}: ${levelWord(w, e.level)}`, `${w.code}: ${e.code}`],
      };
    case 'ai_alarm': {
      const category = categoryWord(e.category ?? '', lang);
      if (e.area)
        return {
          subject: `${category} · ${e.area.name}`,
          lines: [
            `${w.category}: ${category}`,
            `${w.areas[e.area.kind]}: ${e.area.name}, ${w.boundary(String(Math.round(e.area.distanceM)), areaSituation(e.area.kind, breaches(e.area.kind, e.area.inside)))}`,
            `${w.level}: ${levelWord(w, e.level ?? 0)}`,
            `${w.alarm}: ${String(e.alarmId)}`,
          ],
        };
      return {
        subject: category,
        lines: [
          `${w.category}: ${category}`,
          `${w.confidence}: ${String(Math.round((e.confidence ?? 0) * 100))}%`,
          `${w.alarm}: ${String(e.alarmId)}`,
        ],
      };
    }
    case 'gas': {
      // Devices may report gases the table does not list: those go without a unit.
      const units: Readonly<Record<string, string | undefined>> = CHANNEL_UNIT;
      const unit = units[e.gas] ?? '';
      return {
        subject: e.gas.toUpperCase(),
        lines: [
          `${w.gas}: ${e.gas.toUpperCase()}`,
          `${w.value}: ${String(e.value)} ${unit}`.trim(),
          `${w.threshold}: ${String(e.threshold)} ${unit} (${levelWord(w, e.level)})`,
        ],
      };
    }
    case 'task_failed':
      return {
        subject: e.taskName ?? String(e.executionId),
        lines: [`${w.task}: ${e.taskName ?? String(e.executionId)}`, `${w.state}: ${e.state}`],
      };
    case 'device_offline':
      return { subject: '', lines: [] };
  }
}

/** What one event says, in `lang`, times in `timezone`. */
export function eventMessage(r: ResolvedEvent, lang: MessageLang, timezone: string): Message {
  const w = WORDS[lang];
  const { subject, lines } = kindLines(w, lang, r.event);
  const device = r.deviceName === '' ? r.event.deviceSn : `${r.deviceName} (${r.event.deviceSn})`;
  const what = subject === '' ? r.deviceName || r.event.deviceSn : subject;
  return {
    title: `[Skydeck] ${w.kinds[r.event.kind]} · ${what}`,
    lines: [
      ...lines,
      `${w.device}: ${device}`,
      `${w.project}: ${r.workspaceName}`,
      `${w.time}: ${localTime(r.at, timezone)}`,
    ],
    data: {
      event_kind: r.event.kind,
      at: new Date(r.at).toISOString(),
      workspace: { id: r.workspaceId, name: r.workspaceName },
      device: { sn: r.event.deviceSn, name: r.deviceName },
      event: r.event,
    },
  };
}

/** One message for events a rule held back. */
export function digestMessage(d: DigestInput, lang: MessageLang, timezone: string): Message {
  const w = WORDS[lang];
  const devices = Object.entries(d.devices)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 10)
    .map(([sn, n]) => `${sn} × ${String(n)}`);
  return {
    title: `[Skydeck] ${w.kinds[d.eventKind]} ${w.digest} · ${String(d.count)}`,
    lines: [
      w.held(d.count),
      w.reasons[d.reason],
      `${w.range}: ${localTime(d.from, timezone)} – ${localTime(d.to, timezone)}`,
      `${w.byDevice}: ${devices.join(', ')}`,
      `${w.project}: ${d.workspaceName}`,
      ...d.samples.map((s) => `${w.examples}: ${s[lang]}`),
    ],
    data: {
      event_kind: d.eventKind,
      at: new Date(d.to).toISOString(),
      workspace: { id: d.workspaceId, name: d.workspaceName },
      digest: {
        reason: d.reason,
        count: d.count,
        from: new Date(d.from).toISOString(),
        to: new Date(d.to).toISOString(),
        devices: d.devices,
      },
    },
  };
}

/** The message "send test" delivers. */
export function testMessage(
  channelName: string,
  workspace: { id: number; name: string },
  at: number,
  lang: MessageLang,
  timezone: string,
): Message {
  const w = WORDS[lang];
  return {
    title: `[Skydeck] ${w.testTitle}`,
    lines: [
      w.testLine,
      `${w.channel}: ${channelName}`,
      `${w.project}: ${workspace.name}`,
      `${w.time}: ${localTime(at, timezone)}`,
    ],
    data: { event_kind: null, at: new Date(at).toISOString(), workspace, test: true },
  };
}

/**
 * Text for the robots' Markdown. Their renderers differ in the escapes they know (an unknown one
 * shows its backslash), so only what would change the rendering is escaped: `*` and backticks
 * (emphasis and code wherever they stand) and the `](` that would turn a device or project name into
 * a link. A `_` inside a word and brackets without a link (`[Skydeck]`) render as written.
 */
const markdownText = (s: string) => s.replace(/([\\`*])/g, '\\$1').replace(/\]\(/g, ']\\(');

/** The message as Markdown (DingTalk, WeCom): a heading and one line per fact. */
export function markdownOf(message: Message): string {
  return [
    `### ${markdownText(message.title)}`,
    '',
    ...message.lines.map((l) => `- ${markdownText(l)}`),
  ].join('\n');
}

/** The message as plain text (e-mail, Feishu text). */
export function plainOf(message: Message): string {
  return [message.title, '', ...message.lines].join('\n');
}
