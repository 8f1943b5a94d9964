/**
 * The AI-model registry: a real ONNX file (built by the test) is accepted and its graph facts read;
 * non-ONNX files are refused naming `file` with nothing stored; versions group under their model;
 * enable/disable, delete and the usual refusals (400 naming the field, 403 without the permission,
 * 404 across workspaces), each change in the audit log.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from '../../protocol/http.ts';
import type { AiModel, AiModelDetail } from '../../protocol/models.ts';
import { MODEL_API } from '../../protocol/models.ts';
import { buildOnnx } from '../fixtures/onnx/buildOnnx.ts';
import { uploadModel } from '../fixtures/onnx/uploadModel.ts';
import { backends } from './helpers/backends.ts';
import { useSeededServer } from './helpers/seededServer.ts';

/** A PNG signature and header: a real image, not a model. */
const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1,
  0, 0, 0, 1, 8, 2, 0, 0, 0,
]);

describe.each(backends)('AI model registry on $name', (backend) => {
  const world = useSeededServer(backend);
  const fields = (workspace: number, name: string, version = '1.0.0') => ({
    workspace_id: workspace,
    name,
    task_type: 'detection',
    version,
    classes: 'person,vehicle',
    threshold: 0.5,
    notes: 'first cut',
  });
  const objects = async () => (await world.server.handle.deps.storage.list('models/')).length;

  it('accepts a real ONNX file and reads its graph', async () => {
    const { server, s } = world;
    const up = await uploadModel(server, s.operator, fields(s.home, 'patrol'), buildOnnx());
    expect(up.status).toBe(200);
    const v = up.body.data;
    expect(v).toMatchObject({
      version: '1.0.0',
      framework: 'onnx',
      input_width: 640,
      input_height: 640,
      classes: ['person', 'vehicle'],
      threshold: 0.5,
      notes: 'first cut',
      created_by: 'operator',
    });
    expect(v?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(v?.size).toBe(buildOnnx().length);
    expect(v?.onnx).toMatchObject({
      irVersion: 8,
      producer: 'skydeck-tests',
      opsets: [{ domain: 'ai.onnx', version: 17 }],
      nodeCount: 1,
      inputs: [{ name: 'images', elemType: 'float32', shape: [1, 3, 640, 640] }],
      outputs: [{ name: 'output0', elemType: 'float32', shape: ['batch', 8, 640, 640] }],
    });
    // A second version joins the same model; the list shows the latest.
    const second = await uploadModel(
      server,
      s.operator,
      { model_id: v?.model_id ?? 0, version: '1.1.0', classes: 'person', threshold: 0.6 },
      buildOnnx({ size: 320, classes: 1 }),
    );
    expect(second.status).toBe(200);
    expect(second.body.data).toMatchObject({ input_width: 320, classes: ['person'] });
    const list = await server.call<Page<AiModel>>('GET', MODEL_API.list, {
      token: s.operator,
      query: { name: 'patrol' },
    });
    expect(list.body.data.data).toHaveLength(1);
    expect(list.body.data.data[0]).toMatchObject({
      name: 'patrol',
      task_type: 'detection',
      latest_version: '1.1.0',
      classes: ['person'],
      version_count: 2,
      enabled: true,
    });
    const info = await server.call<AiModelDetail>('GET', MODEL_API.info, {
      token: s.operator,
      query: { id: v?.model_id ?? 0 },
    });
    expect(info.body.data.versions.map((x) => x.version)).toEqual(['1.1.0', '1.0.0']);
  });

  it('refuses files that are not ONNX models, naming the file, storing nothing', async () => {
    const { server, s } = world;
    const before = await objects();
    const random = new Uint8Array(4096).map((_, i) => (i * 7919 + 13) % 251);
    const full = buildOnnx();
    for (const bytes of [PNG, random, full.slice(0, full.length - 40), new Uint8Array()]) {
      const up = await uploadModel(server, s.operator, fields(s.home, 'fake'), bytes);
      expect(up.status).toBe(400);
      expect(up.body.msg).toMatch(/^file: not a valid ONNX model \(.+\)$/);
    }
    const zh = await uploadModel(server, s.operator, fields(s.home, 'fake'), PNG, 'zh-CN');
    expect(zh.body.msg).toContain('不是有效的 ONNX 模型');
    expect(await objects()).toBe(before);
    const list = await server.call<Page<AiModel>>('GET', MODEL_API.list, {
      token: s.operator,
      query: { name: 'fake' },
    });
    expect(list.body.data.total).toBe(0);
  });

  it('refuses a model whose IR version or operator set no runtime knows, saying which', async () => {
    const { server, s } = world;
    const cases: [Uint8Array, RegExp][] = [
      [buildOnnx({ irVersion: 99 }), /\(IR version 99 is outside 3–13\)$/],
      [buildOnnx({ irVersion: 2 }), /\(IR version 2 is outside 3–13\)$/],
      [buildOnnx({ opsets: [] }), /\(no operator set\)$/],
      [buildOnnx({ opsets: [{ domain: '', version: 90 }] }), /\(operator set ai\.onnx 90 is/],
      [
        buildOnnx({
          opsets: [
            { domain: '', version: 17 },
            { domain: 'ai.onnx', version: 18 },
          ],
        }),
        /\(operator set ai\.onnx imported twice\)$/,
      ],
    ];
    for (const [bytes, reason] of cases) {
      const up = await uploadModel(server, s.operator, fields(s.home, 'odd'), bytes, 'en');
      expect(up.status).toBe(400);
      expect(up.body.msg).toMatch(/^file: not a valid ONNX model/);
      expect(up.body.msg).toMatch(reason);
    }
    // A custom domain beside the default one is fine, and both are reported.
    const custom = buildOnnx({
      opsets: [
        { domain: '', version: 13 },
        { domain: 'com.microsoft', version: 1 },
      ],
    });
    const ok = await uploadModel(server, s.operator, fields(s.home, 'custom ops'), custom);
    expect(ok.status).toBe(200);
    expect(ok.body.data?.onnx.opsets).toEqual([
      { domain: 'ai.onnx', version: 13 },
      { domain: 'com.microsoft', version: 1 },
    ]);
  });

  it('names the bad field and refuses a duplicate version', async () => {
    const { server, s } = world;
    const onnx = buildOnnx();
    const cases: [Record<string, string | number>, RegExp][] = [
      [{ ...fields(s.home, 'x'), threshold: 2 }, /^threshold: /],
      [{ ...fields(s.home, 'x'), classes: 'a b' }, /^classes/],
      [{ ...fields(s.home, 'x'), version: '' }, /^version: /],
      [{ ...fields(s.home, 'x'), task_type: 'poetry' }, /^task_type: /],
      [{ version: '1', classes: 'a', threshold: 0.5 }, /^workspace_id: /],
    ];
    for (const [query, msg] of cases) {
      const up = await uploadModel(server, s.operator, query, onnx);
      expect(up.status).toBe(400);
      expect(up.body.msg).toMatch(msg);
    }
    const first = await uploadModel(server, s.operator, fields(s.home, 'dup'), onnx);
    expect(first.status).toBe(200);
    const again = await uploadModel(
      server,
      s.operator,
      { model_id: first.body.data?.model_id ?? 0, version: '1.0.0', classes: 'a', threshold: 0.5 },
      onnx,
    );
    expect(again.status).toBe(409);
  });

  it('403 without the permission, 404 across workspaces', async () => {
    const { server, s } = world;
    const onnx = buildOnnx();
    expect((await uploadModel(server, s.viewer, fields(s.home, 'v'), onnx)).status).toBe(403);
    expect((await server.call('GET', MODEL_API.list, { token: s.viewer })).status).toBe(403);
    // The admin's model in the sibling project is invisible to the operator.
    const theirs = await uploadModel(server, s.admin, fields(s.other, 'theirs'), onnx);
    expect(theirs.status).toBe(200);
    const modelId = theirs.body.data?.model_id ?? 0;
    expect((await uploadModel(server, s.operator, fields(s.other, 'mine'), onnx)).status).toBe(404);
    const call = (method: string, path: string, o: object) =>
      server.call(method, path, { token: s.operator, ...o });
    expect((await call('GET', MODEL_API.info, { query: { id: modelId } })).status).toBe(404);
    expect(
      (await call('POST', MODEL_API.edit, { body: { id: modelId, enabled: false } })).status,
    ).toBe(404);
    expect((await call('POST', MODEL_API.del, { body: { id: modelId } })).status).toBe(404);
    expect(
      (
        await call('POST', MODEL_API.deploy, {
          body: { version_id: theirs.body.data?.id ?? 0, device_sns: ['X1'] },
        })
      ).status,
    ).toBe(404);
    const list = await server.call<Page<AiModel>>('GET', MODEL_API.list, { token: s.operator });
    expect(list.body.data.data.map((m) => m.name)).not.toContain('theirs');
  });

  it('enables, disables and deletes a model, all audited', async () => {
    const { server, s } = world;
    const up = await uploadModel(server, s.operator, fields(s.home, 'short-lived'), buildOnnx());
    const id = up.body.data?.model_id ?? 0;
    const off = await server.call('POST', MODEL_API.edit, {
      token: s.operator,
      body: { id, enabled: false },
    });
    expect(off.status).toBe(200);
    const info = await server.call<AiModelDetail>('GET', MODEL_API.info, {
      token: s.operator,
      query: { id },
    });
    expect(info.body.data.enabled).toBe(false);
    // A disabled model cannot be deployed.
    const deploy = await server.call('POST', MODEL_API.deploy, {
      token: s.operator,
      body: { version_id: up.body.data?.id ?? 0, device_sns: ['NOPE1'] },
      lang: 'en',
    });
    expect(deploy.status).toBe(409);
    expect(deploy.body.msg).toContain('disabled');
    const before = await objects();
    const del = await server.call('POST', MODEL_API.del, { token: s.operator, body: { id } });
    expect(del.status).toBe(200);
    expect(await objects()).toBe(before - 1);
    const gone = await server.call('GET', MODEL_API.info, { token: s.operator, query: { id } });
    expect(gone.status).toBe(404);
    const logs = await server.handle.db.query<{ action: string; result: string }>(
      `select action, result from audit_logs where module = 'model' and target = $1 order by id`,
      [String(id)],
    );
    expect(logs.map((l) => `${l.action}:${l.result}`)).toEqual([
      'add:success',
      'edit:success',
      'del:success',
    ]);
    const refused = await server.handle.db.query(
      `select 1 from audit_logs where module = 'model' and action = 'add' and result = 'failure'`,
    );
    expect(refused.length).toBeGreaterThan(0);
  });
});
