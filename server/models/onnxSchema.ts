/**
 * The part of the ONNX IR (onnx.proto, proto2 wire format) Skydeck reads and writes, as protobufjs
 * message types. Field numbers and types follow the ONNX IR specification; only the fields the
 * server reads (the model's versions, operator sets and graph signature) and those the built-in
 * detector writes (nodes, weights) are declared: protobuf skips every other field when decoding, so
 * a full model decodes unchanged.
 */
import protobuf from 'protobufjs';

/** TensorProto.DataType values used here. */
export const ONNX_FLOAT = 1;
/** AttributeProto.AttributeType.INTS. */
export const ONNX_ATTRIBUTE_INTS = 7;

const field = (id: number, type: string, rule?: 'repeated') =>
  rule ? { id, type, rule } : { id, type };

const root = protobuf.Root.fromJSON({
  nested: {
    onnx: {
      nested: {
        OperatorSetIdProto: {
          fields: { domain: field(1, 'string'), version: field(2, 'int64') },
        },
        AttributeProto: {
          fields: {
            name: field(1, 'string'),
            f: field(2, 'float'),
            i: field(3, 'int64'),
            s: field(4, 'bytes'),
            floats: field(7, 'float', 'repeated'),
            ints: field(8, 'int64', 'repeated'),
            type: field(20, 'int32'),
          },
        },
        NodeProto: {
          fields: {
            input: field(1, 'string', 'repeated'),
            output: field(2, 'string', 'repeated'),
            name: field(3, 'string'),
            opType: field(4, 'string'),
            attribute: field(5, 'AttributeProto', 'repeated'),
            domain: field(7, 'string'),
          },
        },
        TensorProto: {
          fields: {
            dims: field(1, 'int64', 'repeated'),
            dataType: field(2, 'int32'),
            floatData: field(4, 'float', 'repeated'),
            name: field(8, 'string'),
            rawData: field(9, 'bytes'),
          },
        },
        TensorShapeProto: {
          fields: { dim: field(1, 'Dimension', 'repeated') },
          nested: {
            Dimension: {
              oneofs: { value: { oneof: ['dimValue', 'dimParam'] } },
              fields: {
                dimValue: field(1, 'int64'),
                dimParam: field(2, 'string'),
                denotation: field(3, 'string'),
              },
            },
          },
        },
        TypeProto: {
          oneofs: { value: { oneof: ['tensorType'] } },
          fields: { tensorType: field(1, 'Tensor') },
          nested: {
            Tensor: {
              fields: { elemType: field(1, 'int32'), shape: field(2, 'TensorShapeProto') },
            },
          },
        },
        ValueInfoProto: {
          fields: { name: field(1, 'string'), type: field(2, 'TypeProto') },
        },
        GraphProto: {
          fields: {
            node: field(1, 'NodeProto', 'repeated'),
            name: field(2, 'string'),
            initializer: field(5, 'TensorProto', 'repeated'),
            input: field(11, 'ValueInfoProto', 'repeated'),
            output: field(12, 'ValueInfoProto', 'repeated'),
          },
        },
        ModelProto: {
          fields: {
            irVersion: field(1, 'int64'),
            producerName: field(2, 'string'),
            producerVersion: field(3, 'string'),
            domain: field(4, 'string'),
            modelVersion: field(5, 'int64'),
            graph: field(7, 'GraphProto'),
            opsetImport: field(8, 'OperatorSetIdProto', 'repeated'),
          },
        },
      },
    },
  },
});

/** onnx.ModelProto: `decode` for reading a file, `fromObject` + `encode` for writing one. */
export const ModelProto = root.lookupType('onnx.ModelProto');

/** Plain objects of the decoded messages (protobufjs `toObject`, int64 as numbers). */
export interface OnnxDimension {
  dimValue?: number;
  dimParam?: string;
}
export interface OnnxValueInfo {
  name?: string;
  type?: { tensorType?: { elemType?: number; shape?: { dim?: OnnxDimension[] } } };
}
export interface OnnxModel {
  irVersion?: number;
  producerName?: string;
  producerVersion?: string;
  opsetImport?: { domain?: string; version?: number }[];
  graph?: {
    name?: string;
    node?: { opType?: string }[];
    initializer?: { name?: string }[];
    input?: OnnxValueInfo[];
    output?: OnnxValueInfo[];
  };
}

/** Decodes `bytes` as a ModelProto (throws on broken protobuf framing). */
export function decodeModel(bytes: Uint8Array): OnnxModel {
  const message = ModelProto.decode(bytes);
  // int64 as JS numbers: ONNX versions and dimensions are far below 2^53.
  const model: OnnxModel = ModelProto.toObject(message, { longs: Number, defaults: false });
  return model;
}

/** Encodes a ModelProto given as a plain object (field names as declared above). */
export function encodeModel(model: Record<string, unknown>): Uint8Array {
  const problem = ModelProto.verify(model);
  if (problem) throw new Error(`ModelProto: ${problem}`);
  return ModelProto.encode(ModelProto.fromObject(model)).finish();
}
