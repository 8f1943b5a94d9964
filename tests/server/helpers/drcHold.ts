import { clearDrcHolder, setDrcHolder } from '../../../server/drc/drcHolders.ts';

/**
 * Makes `user` the DRC holder of `dockSn`, as a granted `POST /api/drc/enter` would, for broker
 * tests that exercise the `drc/down` rule without flying; returns the release.
 */
export function holdDrc(
  dockSn: string,
  user: { id: number; roleId: number },
  username: string,
): () => void {
  const owner = {};
  setDrcHolder(dockSn, { userId: user.id, username, roleId: user.roleId, owner });
  return () => clearDrcHolder(dockSn, owner);
}
