import { OverlayToaster, Position, type Toaster } from '@blueprintjs/core';

let toaster: Promise<Toaster> | null = null;

function instance(): Promise<Toaster> {
  toaster ??= OverlayToaster.create({ position: Position.TOP, maxToasts: 4 });
  return toaster;
}

/** Shows an error toast (the HTTP client's and the session's messages). */
export function toastError(message: string): void {
  void instance().then((t) => t.show({ message, intent: 'danger', icon: 'error' }));
}

/** Shows a success toast. */
export function toastSuccess(message: string): void {
  void instance().then((t) => t.show({ message, intent: 'success', icon: 'tick' }));
}
