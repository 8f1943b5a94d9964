import { EventEmitter } from 'node:events';

/**
 * What changed about who may do what. The HTTP routes announce a change after its transaction
 * commits; the broker listens and re-authorises the connections already open (a disabled user, a
 * role that lost a page, a device moved to another project, a password change that revokes tokens).
 */
export type PrincipalChange =
  | { kind: 'user'; userId: number }
  | { kind: 'role'; roleId: number }
  | { kind: 'device'; sn: string }
  | { kind: 'workspace'; workspaceId: number };

/** One per server instance (tests run several in one process, so never a module singleton). */
export class PrincipalEvents {
  readonly #emitter = new EventEmitter();

  /** Announces a committed change; listeners run synchronously and must not throw. */
  changed(change: PrincipalChange): void {
    this.#emitter.emit('change', change);
  }

  /** Calls `listener` for every change; returns the unsubscribe function. */
  onChange(listener: (change: PrincipalChange) => void): () => void {
    this.#emitter.on('change', listener);
    return () => this.#emitter.off('change', listener);
  }
}
