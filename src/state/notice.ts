import { proxy, useSnapshot } from 'valtio';

/** A blocking notice the shell shows once (no permission, no organisation). */
export interface Notice {
  title: string;
  message: string;
}

export const noticeStore = proxy({ notice: null as Notice | null });

/** Read-only snapshot of the pending notice. */
export function useNoticeState() {
  return useSnapshot(noticeStore);
}

/** Shows a notice in the shell's alert. */
export function showNotice(notice: Notice): void {
  noticeStore.notice = notice;
}

/** Dismisses the notice. */
export function dismissNotice(): void {
  noticeStore.notice = null;
}
