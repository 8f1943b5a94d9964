import dayjs from 'dayjs';
import { i18n } from '../../i18n/index.ts';
import { accountStore } from '../../state/account.ts';
import { tagsStore } from '../../state/tags.ts';
import { DATETIME_FORMAT } from '../time.ts';
import type { ReportMeta } from './reportMeta.ts';

/** The system title of the build (`VITE_APP_TITLE`), as the shell shows it. */
const SYSTEM = (import.meta.env.VITE_APP_TITLE as string | undefined) ?? 'Skydeck 无人机运营平台';

/** The name of the page on screen: its open tag's menu label, else the report's generic name. */
function pageTitle(): string {
  const tag = tagsStore.tags.find((t) => t.path === window.location.pathname);
  return tag ? i18n.t(tag.title, { ns: 'menu', defaultValue: tag.title }) : i18n.t('report:report');
}

/** The title block of a report exported now, by the signed-in user, in the current project. */
export function currentReportMeta(now = new Date()): ReportMeta {
  const user = accountStore.userInfo;
  const who = user === null ? '' : user.nickname === '' ? user.username : user.nickname;
  return {
    system: SYSTEM,
    title: pageTitle(),
    facts: [
      [i18n.t('report:project'), accountStore.workspace?.name ?? ''],
      [i18n.t('report:exportedBy'), who],
      [i18n.t('report:exportedAt'), dayjs(now).format(DATETIME_FORMAT)],
    ],
    when: dayjs(now).format('YYYY-MM-DD HH:mm'),
  };
}
