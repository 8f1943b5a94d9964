import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_API } from '../../protocol/featurePoints.ts';
import { API } from '../../protocol/http.ts';
import type { Generated, Operation } from './helpers/fuzzInputs.ts';
import {
  asPathSegment,
  asQueryText,
  field,
  fieldNames,
  objectOf,
  operations,
} from './helpers/fuzzInputs.ts';
import { seeded } from './helpers/accounts.ts';
import { backends } from './helpers/backends.ts';
import { startServer } from './helpers/testServer.ts';
import type { TestServer } from './helpers/testServer.ts';

// Requests per route: with ~50 routes this stays near a minute on two cores for both databases.
const RUNS_PER_ROUTE = 12;
const FUZZ_ADMIN = { username: 'fuzzadmin', password: 'Fuzz#2024' };
const FUZZ_ADMIN_ID = 7_654_321;

interface FuzzRequest {
  path: string;
  query: Record<string, string>;
  body: unknown;
  invalid: boolean;
}

const notAnObject = fc.constantFrom<unknown>(null, [], 'text', 42);

/** Query, path parameters and body for one operation; `invalid` when something can never pass. */
function requestFor(op: Operation): fc.Arbitrary<FuzzRequest> {
  const record = (fields: Operation['query']) => objectOf({ properties: fields });
  const body: fc.Arbitrary<Generated> = op.body
    ? fc.oneof(
        { weight: 9, arbitrary: objectOf(op.body) },
        { weight: 1, arbitrary: notAnObject.map((value) => ({ value, invalid: true })) },
      )
    : fc.constant({ value: undefined, invalid: false });
  const params = Object.entries(op.params).map(([name, schema]) =>
    field(schema).map((g) => [name, g] as const),
  );
  return fc.tuple(record(op.query), fc.tuple(...params), body).map(([query, path, b]) => ({
    path: path.reduce((p, [name, g]) => p.replace(`{${name}}`, asPathSegment(g.value)), op.path),
    query: Object.fromEntries(
      Object.entries(query.value as Record<string, unknown>).map(([k, v]) => [k, asQueryText(v)]),
    ),
    body: b.value,
    invalid: query.invalid || b.invalid || path.some(([, g]) => g.invalid),
  }));
}

describe.each(backends)('every documented route under hostile input on $name', (backend) => {
  let server: TestServer;
  let token: string;
  let ops: Operation[];
  beforeAll(async () => {
    server = await startServer(backend);
    const s = await seeded(server);
    // Generated ids lean small (fast-check favours a range's ends), so a reset, disable or delete
    // of ids near 1 can hit anyone. The account the run speaks as gets an id far past them.
    await server.handle.db.query("select setval(pg_get_serial_sequence('users', 'id'), $1)", [
      FUZZ_ADMIN_ID - 1,
    ]);
    const added = await server.call('POST', '/api/user/add', {
      token: s.admin,
      body: { ...FUZZ_ADMIN, role_id: 1, workspace_id: s.org },
    });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({ id: FUZZ_ADMIN_ID });
    token = (await server.signIn(FUZZ_ADMIN.username, FUZZ_ADMIN.password)).token;
    const docs = await fetch(new URL('/api/docs/json', server.url));
    ops = operations((await docs.json()) as Parameters<typeof operations>[0]);
  });
  afterAll(() => server.close());

  it('finds the routes in the OpenAPI document', () => {
    const paths = ops.map((op) => `${op.method} ${op.path}`);
    expect(paths).toEqual(expect.arrayContaining(['POST /api/roles/update', 'GET /api/user/list']));
  });

  it('never answers 5xx; refusals are enveloped and invalid input names its field', async () => {
    for (const op of ops) {
      const names = fieldNames(op);
      await fc.assert(
        fc.asyncProperty(requestFor(op), async (req) => {
          // Logout ends the session it is called with: it gets a session of its own each time, so
          // the routes after it are still asked by a signed-in caller.
          const endsSession = op.method === 'DELETE' && op.path === API.authorizations;
          const caller = endsSession
            ? (await server.signIn(FUZZ_ADMIN.username, FUZZ_ADMIN.password)).token
            : token;
          const answer = await server.call(op.method, req.path, {
            token: caller,
            query: req.query,
            body: op.method === 'GET' ? undefined : req.body,
          });
          const what = `${op.method} ${req.path} → ${answer.status} ${answer.body.msg}`;
          expect(answer.status, what).toBeLessThan(500);
          if (answer.status >= 400) {
            expect(answer.body.code, what).toBe(100);
            // A refusal carries no data; only an import refused for its file's rows lists them.
            const rows = op.path === FEATURE_API.import && answer.body.data !== null;
            if (rows)
              expect(answer.body.data, what).toEqual({
                problems: expect.any(Array) as unknown,
                problem_total: expect.any(Number) as unknown,
              });
            else expect(answer.body.data, what).toBeNull();
            expect(answer.body.msg, what).not.toBe('');
          }
          if (req.invalid) {
            expect(answer.status, what).toBe(400);
            const cited = /^([^:.]+)[^:]*: /.exec(answer.body.msg)?.[1] ?? '';
            expect(names.has(cited), what).toBe(true);
          }
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    }
  });
});
