/**
 * The bounded protobuf reader and the ONNX walk on it: varints and lengths are checked against the
 * end of their message as they are read; the walk reads the facts protobufjs would decode, skips
 * weights, and refuses a file the moment it passes a limit, naming the limit.
 */
import { describe, expect, it } from 'vitest';
import { ModelProto, encodeModel } from '../../server/models/onnxSchema.ts';
import { ONNX_LIMITS, scanModel } from '../../server/models/onnxScan.ts';
import type { Cursor } from '../../server/models/onnxWire.ts';
import {
  readKey,
  readLengthEnd,
  readText,
  readVarint,
  skipValue,
  WireFormatError,
} from '../../server/models/onnxWire.ts';
import { OnnxFileError, readOnnx } from '../../server/models/readOnnx.ts';
import { buildOnnx } from '../fixtures/onnx/buildOnnx.ts';
import {
  concat,
  emptyNodes,
  intField,
  lenField,
  modelWith,
  subgraphTower,
  tensorValue,
  textField,
  varint,
} from '../fixtures/onnx/wireBytes.ts';

const at = (bytes: number[] | Uint8Array): Cursor => ({ bytes: Uint8Array.from(bytes), pos: 0 });

/** The reason `readOnnx` refuses `bytes` with. */
function reasonOf(bytes: Uint8Array): string {
  try {
    readOnnx(bytes);
  } catch (error) {
    if (error instanceof OnnxFileError) return error.reason;
    throw error;
  }
  throw new Error('accepted');
}

describe('bounded wire reader', () => {
  it('reads varints as signed 64-bit numbers', () => {
    for (const n of [0, 1, 127, 128, 300, 2 ** 31, 2 ** 32 + 5, Number.MAX_SAFE_INTEGER]) {
      const c = at(varint(n));
      expect(readVarint(c, c.bytes.length)).toBe(n);
      expect(c.pos).toBe(c.bytes.length);
    }
    // -1 and -2 as int64 are ten-byte two's complement varints.
    const minusOne = at([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01]);
    expect(readVarint(minusOne, 10)).toBe(-1);
    const minusTwo = at([0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01]);
    expect(readVarint(minusTwo, 10)).toBe(-2);
  });

  it('refuses a varint cut off, longer than ten bytes, or running past its message', () => {
    expect(() => readVarint(at([0x80, 0x80]), 2)).toThrow(WireFormatError);
    expect(() => readVarint(at(new Array<number>(11).fill(0x80)), 11)).toThrow(WireFormatError);
    // The bytes go on, but the message the varint sits in ends after one byte.
    expect(() => readVarint(at([0x80, 0x01]), 1)).toThrow(WireFormatError);
  });

  it('refuses field 0, groups and lengths past the end', () => {
    expect(() => readKey(at([0x00]), 1)).toThrow(WireFormatError);
    expect(() => readKey(at([0x0b]), 1)).toThrow(/wire type 3/);
    expect(() => readKey(at([0x0c]), 1)).toThrow(/wire type 4/);
    expect(readKey(at([0x3a]), 1)).toEqual({ field: 7, wire: 2 });
    expect(() => readLengthEnd(at([0x05, 1, 2, 3]), 4)).toThrow(WireFormatError);
    expect(() => readLengthEnd(at(varint(2 ** 40)), 6)).toThrow(WireFormatError);
    expect(() => skipValue(at([1, 2, 3]), 3, 1)).toThrow(WireFormatError);
    const c = at([0x03, 1, 2, 3, 9]);
    skipValue(c, 5, 2);
    expect(c.pos).toBe(4);
  });

  it('decodes text only within its limits', () => {
    const tooLong = (which: 'one' | 'all') => new Error(which);
    const hello = [5, ...new TextEncoder().encode('hello')];
    const budget = { left: 8 };
    expect(readText(at(hello), 6, 10, budget, tooLong)).toBe('hello');
    expect(budget.left).toBe(3);
    expect(() => readText(at(hello), 6, 4, { left: 100 }, tooLong)).toThrow('one');
    expect(() => readText(at(hello), 6, 10, { left: 4 }, tooLong)).toThrow('all');
  });
});

describe('ONNX walk', () => {
  it('reads what protobufjs decodes from the same bytes', () => {
    for (const bytes of [
      buildOnnx(),
      buildOnnx({ size: 320, classes: 1, producer: 'torch' }),
      buildOnnx({
        opsets: [
          { domain: '', version: 13 },
          { domain: 'com.microsoft', version: 1 },
        ],
      }),
    ]) {
      const model = scanModel(bytes);
      const decoded = ModelProto.toObject(ModelProto.decode(bytes), { longs: Number }) as {
        irVersion: number;
        producerName: string;
        opsetImport: { domain?: string; version: number }[];
        graph: { name: string; node: unknown[]; output: { name: string }[] };
      };
      expect(model.irVersion).toBe(decoded.irVersion);
      expect(model.producerName).toBe(decoded.producerName);
      expect(model.opsetImport).toEqual(
        decoded.opsetImport.map((o) => ({ domain: o.domain ?? '', version: o.version })),
      );
      expect(model.graph?.name).toBe(decoded.graph.name);
      expect(model.graph?.nodeCount).toBe(decoded.graph.node.length);
      expect(model.graph?.outputs.map((o) => o.name)).toEqual(
        decoded.graph.output.map((o) => o.name),
      );
    }
  });

  it('skips weights and leaves out inputs that are weights', () => {
    // IR 3 style: the weight is listed as an input too; its 1 MiB of raw data is never decoded.
    const bytes = encodeModel({
      irVersion: 3,
      opsetImport: [{ domain: '', version: 9 }],
      graph: {
        name: 'w',
        node: [{ opType: 'Conv', input: ['x', 'w'], output: ['y'] }],
        initializer: [{ name: 'w', dataType: 1, dims: [1], rawData: new Uint8Array(1 << 20) }],
        input: [
          { name: 'w', type: { tensorType: { elemType: 1, shape: { dim: [{ dimValue: 1 }] } } } },
          {
            name: 'x',
            type: { tensorType: { elemType: 10, shape: { dim: [{ dimParam: 'n' }] } } },
          },
        ],
        output: [{ name: 'y' }],
      },
    });
    const facts = readOnnx(bytes);
    expect(facts.inputs).toEqual([{ name: 'x', elemType: 'float16', shape: ['n'] }]);
    expect(facts.outputs).toEqual([{ name: 'y', elemType: 'unknown', shape: [] }]);
  });

  it('refuses millions of empty nodes at the node limit', () => {
    const bytes = modelWith(emptyNodes(3_000_000));
    expect(reasonOf(bytes)).toBe(`more than ${String(ONNX_LIMITS.nodes)} nodes (the node limit)`);
    // Exactly at the limit is a model (of empty nodes, which the runtime would refuse later).
    expect(readOnnx(modelWith(emptyNodes(ONNX_LIMITS.nodes))).nodeCount).toBe(ONNX_LIMITS.nodes);
  });

  it('walks subgraphs up to the nesting limit and no deeper', () => {
    const ok = readOnnx(modelWith(subgraphTower(ONNX_LIMITS.graphDepth)));
    expect(ok.nodeCount).toBe(1);
    const deep = `subgraphs nested more than ${String(ONNX_LIMITS.graphDepth)} deep (the nesting limit)`;
    expect(reasonOf(modelWith(subgraphTower(ONNX_LIMITS.graphDepth + 1)))).toBe(deep);
    expect(reasonOf(modelWith(subgraphTower(100_000)))).toBe(deep);
  });

  it('refuses cut-off files and lengths past the end as not protobuf', () => {
    const full = modelWith(emptyNodes(10));
    for (const cut of [1, 5, 20, full.length - 1])
      expect(reasonOf(full.slice(0, cut))).toBe('not an ONNX protobuf');
    const oversized = [
      // The graph claims 2^40 bytes.
      concat(intField(1, 8), [0x3a], varint(2 ** 40)),
      // A node inside the graph runs past the graph's end, though not past the file's.
      concat(intField(1, 8), [0x3a, 0x02, 0x0a, 0x05], new Uint8Array(10)),
      // A name of 2^62 bytes.
      concat(intField(1, 8), [0x12], varint(2 ** 62)),
      // A declared message field sent as a varint.
      concat(intField(1, 8), intField(7, 1)),
    ];
    for (const bytes of oversized) expect(reasonOf(bytes)).toBe('not an ONNX protobuf');
  });

  it('names each limit on what it keeps', () => {
    const longName = 'x'.repeat(ONNX_LIMITS.nameBytes + 1);
    expect(reasonOf(concat(intField(1, 8), textField(2, longName)))).toMatch(/\(the name limit\)$/);
    const wide = tensorValue('wide', new Array<number>(ONNX_LIMITS.dims + 1).fill(1));
    expect(reasonOf(modelWith(lenField(12, wide)))).toMatch(/dimensions in a shape/);
    const opsets = Array.from({ length: ONNX_LIMITS.opsets + 1 }, (_, i) =>
      lenField(8, textField(1, `d${String(i)}`), intField(2, 1)),
    );
    expect(reasonOf(concat(intField(1, 8), ...opsets))).toMatch(/operator sets \(the operator/);
    const outputs = Array.from({ length: ONNX_LIMITS.signature + 1 }, () =>
      lenField(12, textField(1, 'o')),
    );
    expect(reasonOf(modelWith(...outputs))).toMatch(/graph outputs \(the signature limit\)$/);
    // Empty TensorProto entries, a tag and a zero length each.
    const initializers = new Uint8Array(2 * (ONNX_LIMITS.initializers + 1)).map((_, i) =>
      i % 2 === 0 ? 0x2a : 0,
    );
    expect(reasonOf(modelWith(initializers))).toMatch(/initializers \(the initializer limit\)$/);
    // Every input at the name limit: the names together pass the budget long before the count.
    const names = Array.from({ length: 1100 }, (_, i) =>
      lenField(11, textField(1, `${String(i)}${'n'.repeat(ONNX_LIMITS.nameBytes - 6)}`)),
    );
    expect(reasonOf(modelWith(...names))).toBe('more than 16 MiB of names (the name limit)');
  });
});
