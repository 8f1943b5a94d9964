/**
 * Reads an ONNX file (onnx.proto, protobuf) and checks that it really is a model: its framing holds,
 * it names an IR version and operator sets this server knows, and has a graph with at least one
 * node, input and output. The bytes are read by `scanModel`, which walks the wire format within
 * fixed limits instead of decoding every message, so no file can make reading it take more than a
 * bounded amount of memory. What it finds is shown to the user and stored with the version.
 */
import type { OnnxFacts, OnnxTensor } from '../../protocol/models.ts';
import { OnnxFileError } from './OnnxFileError.ts';
import type { OnnxModel, OnnxValueInfo } from './onnxScan.ts';
import { scanModel } from './onnxScan.ts';
import { WireFormatError } from './onnxWire.ts';

export { OnnxFileError } from './OnnxFileError.ts';

/**
 * IR versions accepted: 3 is the first with operator-set imports (ONNX 1.0); the upper bound leaves
 * room for a version or two newer than the newest published when this was written (IR 11). A file
 * claiming more is not a model any runtime here could load, or not a model at all.
 */
export const IR_VERSIONS = { min: 3, max: 13 } as const;
/** Default-domain (`ai.onnx`) operator sets accepted, with the same head room (opset 23 newest). */
export const DEFAULT_OPSETS = { min: 1, max: 26 } as const;

/** TensorProto.DataType names by number (ONNX IR). */
const ELEM_TYPES: Readonly<Record<number, string>> = {
  1: 'float32',
  2: 'uint8',
  3: 'int8',
  4: 'uint16',
  5: 'int16',
  6: 'int32',
  7: 'int64',
  8: 'string',
  9: 'bool',
  10: 'float16',
  11: 'float64',
  12: 'uint32',
  13: 'uint64',
  16: 'bfloat16',
};

function tensor(info: OnnxValueInfo): OnnxTensor {
  return {
    name: info.name,
    elemType: ELEM_TYPES[info.elemType] ?? 'unknown',
    // A named (symbolic) dimension, a fixed one, or neither.
    shape: info.dims.map((d) => {
      if (d.dimParam) return d.dimParam;
      return d.dimValue ?? '?';
    }),
  };
}

/** The default domain is written as an empty string (or, by some exporters, by its name). */
const domainName = (domain: string) => (domain === '' ? 'ai.onnx' : domain);

/** Operator sets, each named once with a version of at least 1, the default one within range. */
function opsetsOf(model: OnnxModel): OnnxFacts['opsets'] {
  const opsets = model.opsetImport.map((o) => ({
    domain: domainName(o.domain),
    version: o.version,
  }));
  if (opsets.length === 0) throw new OnnxFileError('no operator set');
  const seen = new Set<string>();
  for (const o of opsets) {
    if (seen.has(o.domain)) throw new OnnxFileError(`operator set ${o.domain} imported twice`);
    seen.add(o.domain);
    if (!Number.isSafeInteger(o.version) || o.version < 1)
      throw new OnnxFileError(`operator set ${o.domain} has no version`);
  }
  const main = opsets.find((o) => o.domain === 'ai.onnx');
  if (main && (main.version < DEFAULT_OPSETS.min || main.version > DEFAULT_OPSETS.max))
    throw new OnnxFileError(
      `operator set ai.onnx ${String(main.version)} is outside ${String(DEFAULT_OPSETS.min)}–${String(DEFAULT_OPSETS.max)}`,
    );
  return opsets;
}

/** Reads and checks `bytes`; throws OnnxFileError saying what is wrong. */
export function readOnnx(bytes: Uint8Array): OnnxFacts {
  if (bytes.length === 0) throw new OnnxFileError('empty file');
  let model: OnnxModel;
  try {
    model = scanModel(bytes);
  } catch (error) {
    // A PNG, a zip, random or cut-off bytes: protobuf framing breaks somewhere.
    if (error instanceof WireFormatError) throw new OnnxFileError('not an ONNX protobuf');
    throw error;
  }
  const irVersion = model.irVersion;
  const graph = model.graph;
  // Arbitrary bytes now and then read as protobuf; a real model always has these.
  if (irVersion === 0) throw new OnnxFileError('no IR version');
  if (
    !Number.isSafeInteger(irVersion) ||
    irVersion < IR_VERSIONS.min ||
    irVersion > IR_VERSIONS.max
  )
    throw new OnnxFileError(
      `IR version ${String(irVersion)} is outside ${String(IR_VERSIONS.min)}–${String(IR_VERSIONS.max)}`,
    );
  if (!graph) throw new OnnxFileError('no graph');
  const opsets = opsetsOf(model);
  if (graph.nodeCount === 0) throw new OnnxFileError('the graph has no nodes');
  const inputs = graph.inputs.map(tensor);
  const outputs = graph.outputs.map(tensor);
  if (inputs.length === 0) throw new OnnxFileError('the graph has no input');
  if (outputs.length === 0) throw new OnnxFileError('the graph has no output');
  return {
    irVersion,
    opsets,
    producer: model.producerName,
    producerVersion: model.producerVersion,
    graphName: graph.name,
    nodeCount: graph.nodeCount,
    inputs,
    outputs,
  };
}

/** Width and height of an NCHW image input, when the first input has fixed ones. */
export function inputSizeOf(facts: OnnxFacts): [number, number] | null {
  const shape = facts.inputs[0]?.shape ?? [];
  const h = shape[2];
  const w = shape[3];
  return typeof w === 'number' && typeof h === 'number' && w > 0 && h > 0 ? [w, h] : null;
}
