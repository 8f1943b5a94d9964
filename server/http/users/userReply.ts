import type { UserInfo } from '../../../protocol/http.ts';
import { notFound } from '../ApiError.ts';
import type { AppDeps } from '../context.ts';
import { loadUserInfo } from './userInfo.ts';

/** The user as the write routes answer them once a change is done; a missing user is a 404. */
export async function userReply(deps: AppDeps, userId: number): Promise<UserInfo> {
  const user = await loadUserInfo(deps.db, userId);
  if (!user) throw notFound('user');
  return user;
}
