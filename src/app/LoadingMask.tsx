import { Spinner } from '@blueprintjs/core';

/** The full-screen dark mask shown while a route resolves (spec §2). */
export function LoadingMask() {
  return (
    <div className="sd-loading-mask" role="progressbar" aria-busy="true">
      <Spinner size={48} intent="primary" />
    </div>
  );
}
