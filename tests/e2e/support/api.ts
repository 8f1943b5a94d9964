import { API, type Envelope, type LoginResult } from '../../../protocol/http.ts';
import { TEST_PASSWORD } from './server.ts';

/** Calls the real API as the admin, for a test's set-up (creating roles and users). */
export async function adminApi(baseUrl: string) {
  const call = async <T>(path: string, body: unknown, token?: string): Promise<T> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }),
      },
      body: JSON.stringify(body),
    });
    const envelope = (await response.json()) as Envelope<T>;
    if (envelope.code !== 200) throw new Error(`${path}: ${envelope.msg}`);
    return envelope.data;
  };
  const { token, user } = await call<LoginResult>(API.login, {
    username: 'admin',
    password: TEST_PASSWORD,
  });
  return {
    workspaceId: user.workspace_id,
    post: <T>(path: string, body: unknown) => call<T>(path, body, token),
  };
}
