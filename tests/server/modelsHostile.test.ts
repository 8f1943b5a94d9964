/**
 * Hostile ONNX uploads: files built to make reading them take the server's heap or stack (millions
 * of empty nodes, towers of nested subgraphs, lengths past the end) are refused with a 400 naming
 * the limit they pass, nothing is stored, the server's heap stays bounded (the test server runs in
 * this process), and the server goes on answering. A large real model still goes through the
 * reading thread, and the bytes stored are the bytes sent.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from '../../protocol/http.ts';
import type { AiModel } from '../../protocol/models.ts';
import { MODEL_API } from '../../protocol/models.ts';
import { ONNX_LIMITS } from '../../server/models/onnxScan.ts';
import { ONNX_OFF_THREAD_BYTES } from '../../server/models/readOnnxOffThread.ts';
import { uploadModel } from '../fixtures/onnx/uploadModel.ts';
import {
  concat,
  emptyNodes,
  intField,
  lenField,
  modelWith,
  subgraphTower,
  textField,
  varint,
} from '../fixtures/onnx/wireBytes.ts';
import { backends } from './helpers/backends.ts';
import { useSeededServer } from './helpers/seededServer.ts';

const MB = 1024 * 1024;

// What is checked here does not depend on the database, so one back end is enough.
describe.each(backends.slice(0, 1))('hostile ONNX uploads on $name', (backend) => {
  const world = useSeededServer(backend);
  const fields = (name: string) => ({
    workspace_id: world.s.home,
    name,
    task_type: 'detection',
    version: '1.0.0',
    classes: 'person',
    threshold: 0.5,
  });
  const objects = async () => (await world.server.handle.deps.storage.list('models/')).length;
  const stillServing = async () => {
    const list = await world.server.call<Page<AiModel>>('GET', MODEL_API.list, {
      token: world.s.operator,
    });
    expect(list.status).toBe(200);
  };

  it('refuses millions of empty nodes at the node limit, its heap bounded', async () => {
    const { server, s } = world;
    const stored = await objects();
    // 3 million nodes in 6 MB, with everything else a detector upload needs.
    const flood = modelWith(emptyNodes(3_000_000));
    const heapBefore = process.memoryUsage().heapUsed;
    const up = await uploadModel(server, s.operator, fields('flood'), flood);
    const heapGrowth = process.memoryUsage().heapUsed - heapBefore;
    // Decoding every node, as the server once did, left some 650 MB behind here.
    expect(heapGrowth).toBeLessThan(200 * MB);
    expect(up.status).toBe(400);
    expect(up.body.msg).toBe(
      `file: not a valid ONNX model (more than ${String(ONNX_LIMITS.nodes)} nodes (the node limit))`,
    );
    expect(await objects()).toBe(stored);
    await stillServing();
  });

  it('refuses a tower of nested subgraphs at the nesting limit', async () => {
    const { server, s } = world;
    // 100 000 subgraphs deep, each an attribute of the one node of the graph above.
    const tower = modelWith(subgraphTower(100_000));
    expect(tower.length).toBeGreaterThan(ONNX_OFF_THREAD_BYTES);
    for (const bytes of [tower, modelWith(subgraphTower(ONNX_LIMITS.graphDepth + 1))]) {
      const up = await uploadModel(server, s.operator, fields('tower'), bytes);
      expect(up.status).toBe(400);
      expect(up.body.msg).toBe(
        `file: not a valid ONNX model (subgraphs nested more than ${String(ONNX_LIMITS.graphDepth)} deep (the nesting limit))`,
      );
    }
    await stillServing();
  });

  it('refuses cut-off files and lengths that run past the end', async () => {
    const { server, s } = world;
    const stored = await objects();
    // Some large enough to be read on the thread (a long doc_string of the graph or the model
    // makes them so), some read inline.
    const graphDoc = lenField(10, new Uint8Array(ONNX_OFF_THREAD_BYTES));
    const modelDoc = lenField(6, new Uint8Array(ONNX_OFF_THREAD_BYTES));
    const good = modelWith(graphDoc, emptyNodes(4));
    const broken = [
      good.slice(0, good.length - 1),
      good.slice(0, 100),
      // The graph claims 2^40 bytes; the producer's name 2^50.
      concat(intField(1, 8), [0x3a], varint(2 ** 40)),
      concat(intField(1, 8), modelDoc, [0x12], varint(2 ** 50), textField(3, 'x')),
      // A node claims 127 bytes where its graph has 2 left.
      modelWith(graphDoc, [0x0a, 0x7f, 0x2a, 0x05]),
    ];
    for (const bytes of broken) {
      const up = await uploadModel(server, s.operator, fields('broken'), bytes);
      expect(up.status).toBe(400);
      expect(up.body.msg).toBe('file: not a valid ONNX model (not an ONNX protobuf)');
    }
    expect(await objects()).toBe(stored);
    await stillServing();
  });

  it('reads a large real model on the thread and stores the very bytes sent', async () => {
    const { server, s } = world;
    // Two MB of weights in one initializer's raw data, skipped unread.
    const weights = lenField(5, textField(8, 'w'), lenField(9, new Uint8Array(2 * MB).fill(7)));
    const node = lenField(1, textField(1, 'images'), textField(2, 'out'), textField(4, 'Conv'));
    const bytes = modelWith(node, weights);
    const up = await uploadModel(server, s.operator, fields('large'), bytes);
    expect(up.status).toBe(200);
    expect(up.body.data).toMatchObject({
      input_width: 640,
      input_height: 640,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    expect(up.body.data?.onnx).toMatchObject({
      irVersion: 8,
      producer: 'hostile-tests',
      nodeCount: 1,
      inputs: [{ name: 'images', elemType: 'float32', shape: [1, 3, 640, 640] }],
      outputs: [{ name: 'out', elemType: 'float32', shape: ['batch', 8] }],
    });
    const key = (await server.handle.deps.storage.list('models/')).find((o) =>
      o.key.includes(up.body.data?.sha256 ?? '-'),
    )?.key;
    const object = await server.handle.deps.storage.get(key ?? '');
    expect(object?.body.length).toBe(bytes.length);
    expect(
      createHash('sha256')
        .update(object?.body ?? new Uint8Array())
        .digest('hex'),
    ).toBe(up.body.data?.sha256);
  });
});
