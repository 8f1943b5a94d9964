/**
 * Deploying a model to the simulated fleet over the real broker: the dock acknowledges
 * `ai_model_deploy`, downloads the file through the signed link, checks its SHA-256 and reports
 * progress until the deployment shows `deployed`; a file whose checksum does not match is refused
 * with its result code. The simulated detector then reports only the deployed model's classes at
 * or above its threshold, and nothing on an aircraft without a model. Undeploying a model, or
 * disabling it, makes the devices drop it and detect nothing; the aircraft keep what they run in the
 * database, so a restarted fleet still runs it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AiModelDetail,
  AiModelVersion,
  DeployResult,
  ModelTarget,
} from '../../protocol/models.ts';
import { MODEL_API, MODEL_DEPLOY_CODES } from '../../protocol/models.ts';
import { silentLog } from '../../server/runtime/log.ts';
import { manualScheduler } from '../../server/runtime/scheduler.ts';
import { realtimeExtension } from '../../server/realtime.ts';
import { deployedModel } from '../../server/sim/ai/deployedModels.ts';
import { onboardDbStore } from '../../server/sim/ai/onboardDbStore.ts';
import { buildFleet, DEFAULT_CENTER } from '../../server/sim/fleet.ts';
import { mqttTransport } from '../../server/sim/mqttTransport.ts';
import { registerSimFleet } from '../../server/sim/registerSimFleet.ts';
import { createRng } from '../../server/sim/rng.ts';
import { stepSensors } from '../../server/sim/sensors.ts';
import { startSimulator } from '../../server/sim/simulator.ts';
import type { Simulator } from '../../server/sim/simulator.ts';
import { buildOnnx } from '../fixtures/onnx/buildOnnx.ts';
import { uploadModel } from '../fixtures/onnx/uploadModel.ts';
import { seeded } from './helpers/accounts.ts';
import type { Seeded } from './helpers/accounts.ts';
import { backends } from './helpers/backends.ts';
import { until } from './helpers/simFlights.ts';
import { startServer } from './helpers/testServer.ts';
import type { TestServer } from './helpers/testServer.ts';

const KEY = 'models-sim-key';

describe('deploying a model to the simulated fleet', () => {
  let server: TestServer;
  let s: Seeded;
  let sim: Simulator;
  const clock = manualScheduler(Date.now());
  const fleet = buildFleet({ drones: 3, seed: 5, center: DEFAULT_CENTER, prefix: 'MD' });
  const startFleet = () =>
    startSimulator({
      fleet,
      seed: 5,
      hz: 1,
      secretKey: KEY,
      transport: mqttTransport({
        url: `${server.url.replace(/^http/, 'ws')}/mqtt`,
        log: silentLog,
      }),
      scheduler: clock,
      onboard: onboardDbStore(server.handle.db),
    });

  beforeAll(async () => {
    const pglite = backends[0];
    if (!pglite) throw new Error('no backend');
    server = await startServer(pglite, {
      config: { mqttTcpPort: 0, simDrones: 0 },
      extensions: [realtimeExtension],
    });
    s = await seeded(server);
    await registerSimFleet(server.handle.db, s.home, fleet, KEY);
    for (const u of fleet) server.handle.deps.events.changed({ kind: 'device', sn: u.dock.sn });
    sim = startFleet();
    await until(
      async () =>
        (
          await server.handle.db.query('select 1 from devices where online and device_sn like $1', [
            'MDDOCK%',
          ])
        ).length === fleet.length,
      'the simulated docks to come online',
      3000,
    );
  });
  afterAll(async () => {
    await sim.stop();
    await server.close();
  });

  const info = async (id: number) =>
    (
      await server.call<AiModelDetail>('GET', MODEL_API.info, {
        token: s.operator,
        query: { id },
      })
    ).body.data;

  async function upload(name: string, version: string, classes: string, threshold: number) {
    const up = await uploadModel(
      server,
      s.operator,
      { workspace_id: s.home, name, task_type: 'detection', version, classes, threshold },
      buildOnnx(),
    );
    expect(up.status).toBe(200);
    return up.body.data as AiModelVersion;
  }

  async function deploy(versionId: number, sns: string[]) {
    const sent = await server.call<DeployResult>('POST', MODEL_API.deploy, {
      token: s.operator,
      body: { version_id: versionId, device_sns: sns },
    });
    expect(sent.status).toBe(200);
    return sent.body.data.deployments;
  }

  /** Waits until every deployment of the model to `sns` reached a final state. */
  async function settled(modelId: number, sns: string[]) {
    await until(
      async () => {
        const rows = (await info(modelId)).deployments.filter((d) => sns.includes(d.device_sn));
        return (
          rows.length === sns.length && rows.every((d) => ['deployed', 'failed'].includes(d.state))
        );
      },
      'the deployments to settle',
      1500,
    );
    return (await info(modelId)).deployments;
  }

  /** Detections of unit `index` over many patrol seconds, straight from the sensor model. */
  function detections(index: number) {
    const def = fleet[index];
    const state = sim.unit(index);
    if (!def || !state) throw new Error('no unit');
    const rng = createRng(99);
    const seen = [];
    for (let i = 0; i < 300; i++)
      for (const e of stepSensors(
        def,
        { ...state, phase: 'patrol', hasGasSensor: false },
        150,
        rng,
      ))
        if (e.method === 'ai_alarm') seen.push(e.data);
    return seen;
  }

  it('reaches the dock, is deployed, and the detections follow its classes and threshold', async () => {
    const [u0, u1, u2] = fleet;
    if (!u0 || !u1 || !u2) throw new Error('no fleet');
    // Before any deploy the aircraft detect nothing.
    expect(detections(0)).toEqual([]);
    const v = await upload('fire watch', '2.0', 'fire,smoke', 0.8);
    const targets = await server.call<ModelTarget[]>('GET', MODEL_API.targets, {
      token: s.operator,
      query: { model_id: v.model_id },
    });
    expect(targets.body.data.map((t) => t.device_sn)).toEqual(
      expect.arrayContaining([u0.aircraft.sn, u1.dock.sn]),
    );
    // An aircraft is reached through its dock; a dock target means the aircraft it carries.
    const rows = await deploy(v.id, [u0.aircraft.sn, u1.dock.sn]);
    expect(rows.map((r) => r.state)).toEqual(['pending', 'pending']);
    expect(rows.find((r) => r.device_sn === u0.aircraft.sn)?.gateway_sn).toBe(u0.dock.sn);
    const done = await settled(v.model_id, [u0.aircraft.sn, u1.dock.sn]);
    for (const d of done) expect(d).toMatchObject({ state: 'deployed', progress: 100, result: 0 });
    expect(deployedModel(u0.aircraft.sn)).toMatchObject({
      classes: ['fire', 'smoke'],
      threshold: 0.8,
    });
    expect(deployedModel(u1.aircraft.sn)?.version).toBe('2.0');

    const seen = detections(0);
    expect(seen.length).toBeGreaterThan(50);
    expect(new Set(seen.map((d) => d.category))).toEqual(new Set(['fire', 'smoke']));
    expect(Math.min(...seen.map((d) => d.confidence))).toBeGreaterThanOrEqual(0.8);
    // The third aircraft got nothing and still detects nothing.
    expect(detections(2)).toEqual([]);
    expect((await info(v.model_id)).deployed_count).toBe(2);

    // A model a device runs is not deleted.
    const del = await server.call('POST', MODEL_API.del, {
      token: s.operator,
      body: { id: v.model_id },
      lang: 'en',
    });
    expect(del.status).toBe(409);
    expect(del.body.msg).toContain('2 device(s)');

    // A newer model replaces the old one on the aircraft.
    const people = await upload('people', '1.0', 'person', 0.55);
    await deploy(people.id, [u0.aircraft.sn]);
    await settled(people.model_id, [u0.aircraft.sn]);
    expect(new Set(detections(0).map((d) => d.category))).toEqual(new Set(['person']));
    const old = (await info(v.model_id)).deployments.find((d) => d.device_sn === u0.aircraft.sn);
    expect(old?.state).toBe('replaced');
    const audited = await server.handle.db.query(
      `select 1 from audit_logs where module = 'model' and action = 'ai_model_deploy' and result = 'success'`,
    );
    expect(audited).toHaveLength(2);
  });

  it('fails a deploy whose file does not match its checksum, with the device code', async () => {
    const [, , u2] = fleet;
    if (!u2) throw new Error('no fleet');
    const v = await upload('tampered', '1.0', 'vehicle', 0.5);
    // The stored file changes after the upload: the dock must notice.
    const [row] = await server.handle.db.query<{ file_key: string }>(
      'select file_key from ai_model_versions where id = $1',
      [v.id],
    );
    await server.handle.deps.storage.put(
      row?.file_key ?? '',
      buildOnnx({ size: 320 }),
      'application/octet-stream',
    );
    await deploy(v.id, [u2.aircraft.sn]);
    const [d] = await settled(v.model_id, [u2.aircraft.sn]);
    expect(d).toMatchObject({ state: 'failed', result: MODEL_DEPLOY_CODES.checksumMismatch });
    expect(deployedModel(u2.aircraft.sn)).toBeUndefined();
  });

  const modelOf = async (name: string) => {
    const list = await server.call<{ data: { id: number; name: string }[] }>(
      'GET',
      MODEL_API.list,
      {
        token: s.operator,
        query: { name },
      },
    );
    const found = list.body.data.data.find((m) => m.name === name);
    if (!found) throw new Error(`no model ${name}`);
    return info(found.id);
  };

  /** Waits until the model's rows on `sns` are all `state`. */
  async function reach(modelId: number, sns: string[], state: string) {
    await until(
      async () => {
        const rows = (await info(modelId)).deployments.filter((d) => sns.includes(d.device_sn));
        return rows.length === sns.length && rows.every((d) => d.state === state);
      },
      `the deployments to be ${state}`,
      1500,
    );
  }

  it('undeploying a model, or disabling it, stops the detections of the devices that run it', async () => {
    const [u0, u1] = fleet;
    if (!u0 || !u1) throw new Error('no fleet');
    // From the first test: u0 runs "people", u1 (through its dock) runs "fire watch".
    const people = await modelOf('people');
    expect(detections(0).length).toBeGreaterThan(50);
    const off = await server.call<DeployResult>('POST', MODEL_API.undeploy, {
      token: s.operator,
      body: { model_id: people.id, device_sns: [u0.aircraft.sn] },
    });
    expect(off.status).toBe(200);
    expect(off.body.data.deployments.map((d) => d.state)).toEqual(['removing']);
    await reach(people.id, [u0.aircraft.sn], 'removed');
    expect(deployedModel(u0.aircraft.sn)).toBeUndefined();
    expect(detections(0)).toEqual([]);
    expect((await modelOf('people')).deployed_count).toBe(0);
    // A model nobody runs any more may be deleted.
    const del = await server.call('POST', MODEL_API.del, {
      token: s.operator,
      body: { id: people.id },
    });
    expect(del.status).toBe(200);

    const fire = await modelOf('fire watch');
    expect(new Set(detections(1).map((d) => d.category))).toEqual(new Set(['fire', 'smoke']));
    const disabled = await server.call('POST', MODEL_API.edit, {
      token: s.operator,
      body: { id: fire.id, enabled: false },
    });
    expect(disabled.status).toBe(200);
    await reach(fire.id, [u1.dock.sn], 'removed');
    expect(deployedModel(u1.aircraft.sn)).toBeUndefined();
    expect(detections(1)).toEqual([]);
    const targets = await server.call<ModelTarget[]>('GET', MODEL_API.targets, {
      token: s.operator,
      query: { model_id: fire.id },
    });
    expect(targets.body.data.find((t) => t.device_sn === u1.dock.sn)?.current).toBeNull();
    const audited = await server.handle.db.query<{ action: string; detail: string }>(
      `select action, detail from audit_logs where module = 'model' and result = 'success'
       and (action = 'ai_model_undeploy' or detail like 'disabled%') order by id`,
    );
    expect(audited).toEqual([
      { action: 'ai_model_undeploy', detail: `from ${u0.aircraft.sn}` },
      { action: 'edit', detail: `disabled; undeployed from ${u1.dock.sn}` },
    ]);
    // Both undeploys and edit on another project's model, or without the permission, are refused.
    const viewer = await server.call('POST', MODEL_API.undeploy, {
      token: s.viewer,
      body: { model_id: fire.id },
    });
    expect(viewer.status).toBe(403);
    const bad = await server.call('POST', MODEL_API.undeploy, {
      token: s.operator,
      body: { model_id: fire.id, device_sns: ['no spaces'] },
      lang: 'en',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^device_sns\.0: /);
  });

  it('keeps what each aircraft runs in the database: a restarted fleet still runs it', async () => {
    const [u0, , u2] = fleet;
    if (!u0 || !u2) throw new Error('no fleet');
    const v = await upload('harbour', '1.0', 'ship', 0.7);
    await deploy(v.id, [u2.aircraft.sn]);
    await reach(v.model_id, [u2.aircraft.sn], 'deployed');
    const stored = await server.handle.db.query<{ aircraft_sn: string }>(
      'select aircraft_sn from sim_onboard_models order by aircraft_sn',
    );
    // u0 and u1 dropped theirs above; u2 runs "harbour".
    expect(stored.map((r) => r.aircraft_sn)).toEqual([u2.aircraft.sn]);

    await sim.stop();
    expect(deployedModel(u2.aircraft.sn)).toBeUndefined();
    sim = startFleet();
    await sim.modelsLoaded;
    expect(deployedModel(u2.aircraft.sn)).toMatchObject({ version: '1.0', classes: ['ship'] });
    expect(deployedModel(u0.aircraft.sn)).toBeUndefined();
    expect(new Set(detections(2).map((d) => d.category))).toEqual(new Set(['ship']));
    expect(Math.min(...detections(2).map((d) => d.confidence))).toBeGreaterThanOrEqual(0.7);
    expect(detections(0)).toEqual([]);
  });
});

describe('the simulated fleet of npm start', () => {
  let server: TestServer;
  let s: Seeded;

  beforeAll(async () => {
    const pglite = backends[0];
    if (!pglite) throw new Error('no backend');
    server = await startServer(pglite, {
      config: { mqttTcpPort: 0, simDrones: 2, simOsdHz: 1 },
      extensions: [realtimeExtension],
    });
    s = await seeded(server);
  });
  afterAll(() => server.close());

  it('gets a default detector at first start, so detections come out of the box', async () => {
    const fleet = buildFleet({
      drones: 2,
      seed: server.handle.deps.config.simSeed,
      center: server.handle.deps.config.simCenter,
    });
    const model = async () => {
      const list = await server.call<{ data: { id: number; name: string }[] }>(
        'GET',
        MODEL_API.list,
        {
          token: s.admin,
          query: { name: 'default-detector' },
        },
      );
      const found = list.body.data.data[0];
      return found ? info(found.id) : null;
    };
    const info = async (id: number) =>
      (await server.call<AiModelDetail>('GET', MODEL_API.info, { token: s.admin, query: { id } }))
        .body.data;
    await until(
      async () => {
        const m = await model();
        return m !== null && m.deployments.filter((d) => d.state === 'deployed').length === 2;
      },
      'the default detector to be deployed to both simulated aircraft',
      2000,
    );
    const m = await model();
    expect(m?.created_by).toBe('system');
    expect(m?.versions[0]?.onnx.inputs[0]?.shape).toEqual([1, 3, 640, 640]);
    for (const u of fleet)
      expect(deployedModel(u.aircraft.sn)).toMatchObject({
        classes: ['person', 'vehicle', 'smoke', 'fire'],
        threshold: 0.6,
      });
  });
});
