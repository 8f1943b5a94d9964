/**
 * Reads the facts of an ONNX model (onnx.proto, ModelProto) straight off its protobuf bytes with the
 * bounded wire reader, instead of decoding the whole message tree: a model's weights are skipped
 * unread, nodes are walked (to count them and check their framing) but never kept, and only the
 * graph's signature is decoded. Every count and size that could grow with the file is capped, and a
 * file that breaks a cap is refused the moment the cap is passed, naming it; so a hostile file of
 * millions of empty nodes or a deep tower of subgraphs costs a bounded amount of memory and one
 * linear pass, never the heap a full decode would take.
 */
import { OnnxFileError } from './OnnxFileError.ts';
import type { Cursor, TextBudget } from './onnxWire.ts';
import {
  expectWire,
  readKey,
  readLengthEnd,
  readText,
  readVarint,
  skipValue,
  WIRE,
} from './onnxWire.ts';

/**
 * The most of each thing a model may hold. Real detectors have well under 10 000 nodes and a few
 * hundred weights, one image input and a few outputs; the caps leave room for models twenty times
 * larger while keeping what reading a hostile file can take to a few tens of megabytes.
 */
export const ONNX_LIMITS = {
  /** Nodes in all graphs together, subgraphs of `If`/`Loop`/`Scan` included. */
  nodes: 200_000,
  /** Subgraphs inside subgraphs (a `Loop` body holding an `If` is two deep). */
  graphDepth: 16,
  /** Initializers (weights) of the main graph. */
  initializers: 200_000,
  /** Entries of the main graph's input list, weights included (IR 3 lists every weight there). */
  inputs: 200_000,
  /** Inputs that are not weights, and outputs: the model's signature. */
  signature: 1_000,
  /** Dimensions of one tensor shape. */
  dims: 64,
  /** Operator-set imports. */
  opsets: 64,
  /** Bytes of one name (tensor, graph, domain, producer, symbolic dimension). */
  nameBytes: 16 * 1024,
  /** Bytes of all names read together. */
  textBytes: 16 * 1024 * 1024,
} as const;

/** One dimension of a tensor shape: fixed, symbolic, or neither. */
export interface OnnxDimension {
  dimValue?: number;
  dimParam?: string;
}

/** A graph input or output: its name and, when it is a tensor, element type and shape. */
export interface OnnxValueInfo {
  name: string;
  /** TensorProto.DataType; 0 when unset or not a tensor. */
  elemType: number;
  dims: OnnxDimension[];
}

/** What is read of the main graph. */
export interface OnnxGraph {
  name: string;
  /** Nodes of the main graph itself (subgraph nodes count only toward the node limit). */
  nodeCount: number;
  /** The model's real inputs: graph inputs that are not also initializers. */
  inputs: OnnxValueInfo[];
  outputs: OnnxValueInfo[];
}

/** What is read of a ModelProto; absent fields read as 0 or the empty string. */
export interface OnnxModel {
  irVersion: number;
  producerName: string;
  producerVersion: string;
  opsetImport: { domain: string; version: number }[];
  graph?: OnnxGraph;
}

interface Scan {
  c: Cursor;
  text: TextBudget;
  /** Nodes seen so far in every graph. */
  nodes: number;
}

const over = (count: number, what: string, limit: string) =>
  new OnnxFileError(`more than ${String(count)} ${what} (the ${limit} limit)`);

function text(s: Scan, end: number, wire: number): string {
  expectWire(wire, WIRE.len);
  return readText(s.c, end, ONNX_LIMITS.nameBytes, s.text, (which) =>
    which === 'one'
      ? new OnnxFileError(
          `a name longer than ${String(ONNX_LIMITS.nameBytes)} bytes (the name limit)`,
        )
      : new OnnxFileError(
          `more than ${String(ONNX_LIMITS.textBytes / 1024 / 1024)} MiB of names (the name limit)`,
        ),
  );
}

/** The end of the length-delimited message that a key of wire type `wire` starts. */
function messageEnd(s: Scan, end: number, wire: number): number {
  expectWire(wire, WIRE.len);
  return readLengthEnd(s.c, end);
}

function scanDim(s: Scan, end: number): OnnxDimension {
  const dim: OnnxDimension = {};
  while (s.c.pos < end) {
    const { field, wire } = readKey(s.c, end);
    if (field === 1) {
      expectWire(wire, WIRE.varint);
      dim.dimValue = readVarint(s.c, end);
    } else if (field === 2) dim.dimParam = text(s, end, wire);
    else skipValue(s.c, end, wire);
  }
  return dim;
}

/** TypeProto: the tensor type's element type and shape; other kinds of value read as neither. */
function scanType(s: Scan, end: number): Pick<OnnxValueInfo, 'elemType' | 'dims'> {
  let found: Pick<OnnxValueInfo, 'elemType' | 'dims'> = { elemType: 0, dims: [] };
  while (s.c.pos < end) {
    const { field, wire } = readKey(s.c, end);
    if (field !== 1) {
      skipValue(s.c, end, wire);
      continue;
    }
    // TypeProto.Tensor: elem_type (1) and shape (2), a TensorShapeProto of dims (1).
    const tensorEnd = messageEnd(s, end, wire);
    found = { elemType: 0, dims: [] };
    while (s.c.pos < tensorEnd) {
      const inner = readKey(s.c, tensorEnd);
      if (inner.field === 1) {
        expectWire(inner.wire, WIRE.varint);
        found.elemType = readVarint(s.c, tensorEnd);
      } else if (inner.field === 2) {
        const shapeEnd = messageEnd(s, tensorEnd, inner.wire);
        found.dims = [];
        while (s.c.pos < shapeEnd) {
          const d = readKey(s.c, shapeEnd);
          if (d.field !== 1) {
            skipValue(s.c, shapeEnd, d.wire);
            continue;
          }
          if (found.dims.length >= ONNX_LIMITS.dims)
            throw over(ONNX_LIMITS.dims, 'dimensions in a shape', 'dimension');
          found.dims.push(scanDim(s, messageEnd(s, shapeEnd, d.wire)));
        }
      } else skipValue(s.c, tensorEnd, inner.wire);
    }
  }
  return found;
}

/** ValueInfoProto: its name (1) and type (2), each only when asked for. */
function scanValueInfo(
  s: Scan,
  end: number,
  read: { name: boolean; type: boolean },
): OnnxValueInfo {
  let info: OnnxValueInfo = { name: '', elemType: 0, dims: [] };
  while (s.c.pos < end) {
    const { field, wire } = readKey(s.c, end);
    if (field === 1 && read.name) info.name = text(s, end, wire);
    else if (field === 2 && read.type) info = { ...info, ...scanType(s, messageEnd(s, end, wire)) };
    else skipValue(s.c, end, wire);
  }
  return info;
}

/** TensorProto's name (8); its data, however large, is skipped. */
function scanTensorName(s: Scan, end: number): string {
  let name = '';
  while (s.c.pos < end) {
    const { field, wire } = readKey(s.c, end);
    if (field === 8) name = text(s, end, wire);
    else skipValue(s.c, end, wire);
  }
  return name;
}

/** OperatorSetIdProto: domain (1) and version (2). */
function scanOpset(s: Scan, end: number): { domain: string; version: number } {
  const opset = { domain: '', version: 0 };
  while (s.c.pos < end) {
    const { field, wire } = readKey(s.c, end);
    if (field === 1) opset.domain = text(s, end, wire);
    else if (field === 2) {
      expectWire(wire, WIRE.varint);
      opset.version = readVarint(s.c, end);
    } else skipValue(s.c, end, wire);
  }
  return opset;
}

/** NodeProto: counted, its attributes (5) walked for subgraphs, everything else skipped. */
function scanNode(s: Scan, end: number, depth: number): void {
  s.nodes += 1;
  if (s.nodes > ONNX_LIMITS.nodes) throw over(ONNX_LIMITS.nodes, 'nodes', 'node');
  while (s.c.pos < end) {
    const { field, wire } = readKey(s.c, end);
    if (field !== 5) {
      skipValue(s.c, end, wire);
      continue;
    }
    // AttributeProto: a graph (6) or graphs (11) hold subgraphs; the rest are values to skip.
    const attributeEnd = messageEnd(s, end, wire);
    while (s.c.pos < attributeEnd) {
      const inner = readKey(s.c, attributeEnd);
      if (inner.field === 6 || inner.field === 11)
        scanSubgraph(s, messageEnd(s, attributeEnd, inner.wire), depth + 1);
      else skipValue(s.c, attributeEnd, inner.wire);
    }
  }
}

/** A subgraph: only its nodes (1) matter, for the node and nesting limits. */
function scanSubgraph(s: Scan, end: number, depth: number): void {
  if (depth > ONNX_LIMITS.graphDepth)
    throw new OnnxFileError(
      `subgraphs nested more than ${String(ONNX_LIMITS.graphDepth)} deep (the nesting limit)`,
    );
  while (s.c.pos < end) {
    const { field, wire } = readKey(s.c, end);
    if (field === 1) scanNode(s, messageEnd(s, end, wire), depth);
    else skipValue(s.c, end, wire);
  }
}

/**
 * The main GraphProto: name (2), nodes (1), initializers (5), inputs (11), outputs (12). Inputs are
 * first read by name alone and their types read afterwards only for those that are not weights, so
 * an old-style model listing every weight as an input costs a name each.
 */
function scanMainGraph(s: Scan, end: number): OnnxGraph {
  const graph: OnnxGraph = { name: '', nodeCount: 0, inputs: [], outputs: [] };
  const weights = new Set<string>();
  let initializers = 0;
  const listed: { name: string; start: number; end: number }[] = [];
  while (s.c.pos < end) {
    const { field, wire } = readKey(s.c, end);
    if (field === 2) {
      graph.name = text(s, end, wire);
      continue;
    }
    if (field !== 1 && field !== 5 && field !== 11 && field !== 12) {
      skipValue(s.c, end, wire);
      continue;
    }
    const itemEnd = messageEnd(s, end, wire);
    if (field === 1) {
      scanNode(s, itemEnd, 0);
      graph.nodeCount += 1;
    } else if (field === 5) {
      initializers += 1;
      if (initializers > ONNX_LIMITS.initializers)
        throw over(ONNX_LIMITS.initializers, 'initializers', 'initializer');
      weights.add(scanTensorName(s, itemEnd));
    } else if (field === 11) {
      if (listed.length >= ONNX_LIMITS.inputs)
        throw over(ONNX_LIMITS.inputs, 'graph inputs', 'input');
      const start = s.c.pos;
      const { name } = scanValueInfo(s, itemEnd, { name: true, type: false });
      listed.push({ name, start, end: itemEnd });
    } else {
      if (graph.outputs.length >= ONNX_LIMITS.signature)
        throw over(ONNX_LIMITS.signature, 'graph outputs', 'signature');
      graph.outputs.push(scanValueInfo(s, itemEnd, { name: true, type: true }));
    }
  }
  // Initializers may be listed as inputs too; the model's real inputs are the rest.
  const real = listed.filter((input) => !weights.has(input.name));
  if (real.length > ONNX_LIMITS.signature)
    throw over(ONNX_LIMITS.signature, 'model inputs', 'signature');
  for (const input of real) {
    s.c.pos = input.start;
    const typed = scanValueInfo(s, input.end, { name: false, type: true });
    graph.inputs.push({ ...typed, name: input.name });
  }
  s.c.pos = end;
  return graph;
}

/**
 * The facts of the ModelProto in `bytes`. Throws `WireFormatError` when the framing breaks and
 * `OnnxFileError` naming the limit when the file holds more than `ONNX_LIMITS` allows.
 */
export function scanModel(bytes: Uint8Array): OnnxModel {
  const s: Scan = { c: { bytes, pos: 0 }, text: { left: ONNX_LIMITS.textBytes }, nodes: 0 };
  const end = bytes.length;
  const model: OnnxModel = { irVersion: 0, producerName: '', producerVersion: '', opsetImport: [] };
  while (s.c.pos < end) {
    const { field, wire } = readKey(s.c, end);
    if (field === 1) {
      expectWire(wire, WIRE.varint);
      model.irVersion = readVarint(s.c, end);
    } else if (field === 2) model.producerName = text(s, end, wire);
    else if (field === 3) model.producerVersion = text(s, end, wire);
    else if (field === 7) model.graph = scanMainGraph(s, messageEnd(s, end, wire));
    else if (field === 8) {
      if (model.opsetImport.length >= ONNX_LIMITS.opsets)
        throw over(ONNX_LIMITS.opsets, 'operator sets', 'operator set');
      model.opsetImport.push(scanOpset(s, messageEnd(s, end, wire)));
    } else skipValue(s.c, end, wire);
  }
  return model;
}
