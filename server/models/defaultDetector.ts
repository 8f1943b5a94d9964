/**
 * The default detector registered for the simulated fleet at first start: a small but real ONNX
 * graph (one 1×1 convolution over an NCHW image) written with the IR's protobuf messages, so it
 * passes the same checks as any upload and the simulated docks download and verify it like any other.
 */
import { encodeModel, ONNX_FLOAT as FLOAT } from './onnxSchema.ts';

const SIZE = 640;

export const DEFAULT_DETECTOR = {
  name: 'default-detector',
  version: '1.0.0',
  classes: ['person', 'vehicle', 'smoke', 'fire'],
  threshold: 0.6,
  notes: 'Registered at first start for the simulated fleet',
} as const;

/** The encoded ModelProto. */
export function defaultDetectorOnnx(): Uint8Array {
  // Four box values, one objectness score and one score per class.
  const channels = 5 + DEFAULT_DETECTOR.classes.length;
  const shape = (dims: (number | string)[]) => ({
    dim: dims.map((d) => (typeof d === 'number' ? { dimValue: d } : { dimParam: d })),
  });
  return encodeModel({
    irVersion: 8,
    producerName: 'skydeck',
    producerVersion: '1.0',
    opsetImport: [{ domain: '', version: 17 }],
    graph: {
      name: 'default_detector',
      node: [
        { name: 'head', opType: 'Conv', input: ['images', 'head.weight'], output: ['output0'] },
      ],
      initializer: [
        {
          name: 'head.weight',
          dataType: FLOAT,
          dims: [channels, 3, 1, 1],
          floatData: Array.from({ length: channels * 3 }, (_, i) => ((i % 5) - 2) / 10),
        },
      ],
      input: [
        {
          name: 'images',
          type: { tensorType: { elemType: FLOAT, shape: shape([1, 3, SIZE, SIZE]) } },
        },
      ],
      output: [
        {
          name: 'output0',
          type: { tensorType: { elemType: FLOAT, shape: shape([1, channels, SIZE, SIZE]) } },
        },
      ],
    },
  });
}
