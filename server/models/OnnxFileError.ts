/** Why a file is not a usable ONNX model, in words for the 400 message (`model.bad_file`). */
export class OnnxFileError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'OnnxFileError';
  }
}
