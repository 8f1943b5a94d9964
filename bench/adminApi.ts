/** The API of a benchmark's server, called as the admin with a token taken once at sign-in. */

/** Calls `path`; answers the envelope's data, or throws with the server's message. */
export type AdminApi = <T>(method: 'GET' | 'POST', path: string, body?: object) => Promise<T>;

export async function signInAdmin(
  baseUrl: string,
  password: string,
): Promise<{ token: string; api: AdminApi }> {
  let token = '';
  const api: AdminApi = async <T>(method: 'GET' | 'POST', path: string, body?: object) => {
    const response = await fetch(new URL(path, baseUrl), {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const envelope = (await response.json()) as { data: T; msg: string };
    if (!response.ok) throw new Error(`${path}: ${envelope.msg}`);
    return envelope.data;
  };
  token = (await api<{ token: string }>('POST', '/api/login', { username: 'admin', password }))
    .token;
  return { token, api };
}
