/**
 * Whether WebGL runs on a CPU rasterizer (SwiftShader, llvmpipe…) rather than a GPU. There every
 * map frame re-rasterizes the whole basemap on the same cores that parse telemetry, so frames are
 * worth spending only on new data: drones jump to each fix instead of gliding at the display rate.
 */

/** Renderer names of the CPU rasterizers browsers fall back to. */
const SOFTWARE = /swiftshader|llvmpipe|softpipe|software|basic render/i;

/** Whether `renderer` (WebGL's unmasked renderer string) names a software rasterizer. */
export function isSoftwareRendererName(renderer: string): boolean {
  return SOFTWARE.test(renderer);
}

/** Whether `gl` draws on a software rasterizer; `false` when the browser does not say. */
export function isSoftwareRenderer(gl: WebGL2RenderingContext): boolean {
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const name: unknown = gl.getParameter(info === null ? gl.RENDERER : info.UNMASKED_RENDERER_WEBGL);
  return typeof name === 'string' && isSoftwareRendererName(name);
}
