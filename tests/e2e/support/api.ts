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

/** One API call with an optional bearer token: a POST with `body`, a GET without; throws on refusal. */
export async function apiCall<T>(
  url: string,
  path: string,
  token: string | null,
  body?: unknown,
): Promise<T> {
  const response = await fetch(url + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (envelope.code !== 200) throw new Error(`${path}: ${envelope.msg}`);
  return envelope.data;
}
