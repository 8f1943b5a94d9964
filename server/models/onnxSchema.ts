/**
 * The part of the ONNX IR (onnx.proto, proto2 wire format) Skydeck writes, as protobufjs message
 * types: the built-in detector and test models are encoded with them. Field numbers and types follow
 * the ONNX IR specification. Uploaded files are never decoded with these types: a full decode builds
 * an object for every node and would let one file fill the heap, so `onnxScan.ts` reads them with
 * a bounded walk of the wire format instead.
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

/** onnx.ModelProto: `fromObject` + `encode` for writing a model. */
export const ModelProto = root.lookupType('onnx.ModelProto');

/** Encodes a ModelProto given as a plain object (field names as declared above). */
export function encodeModel(model: Record<string, unknown>): Uint8Array {
  const problem = ModelProto.verify(model);
  if (problem) throw new Error(`ModelProto: ${problem}`);
  return ModelProto.encode(ModelProto.fromObject(model)).finish();
}
