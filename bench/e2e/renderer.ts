/**
 * Which renderer draws a benchmark page's map, and how to ask Chromium for the machine's GPU.
 *
 * Headless Chromium on a machine without a GPU draws WebGL in software (SwiftShader, behind ANGLE):
 * its fps and map cost include raster work a GPU would take. `npm run bench -- --gpu` starts the
 * browser section's pages with the switches below instead, and every figure is printed beside the
 * renderer string the page reports, so a reader knows which kind of figure it is.
 */

/**
 * Chromium's switches for drawing on the machine's GPU through ANGLE on Vulkan (what worked on an
 * NVIDIA H200 with its Vulkan driver installed; `VK_ICD_FILENAMES` may have to name the driver's
 * ICD file). Without a usable GPU Chromium falls back to software, and the renderer string says so.
 */
export const GPU_FLAGS: readonly string[] = [
  '--enable-gpu',
  '--ignore-gpu-blocklist',
  '--use-angle=vulkan',
  '--enable-features=Vulkan,VulkanFromANGLE,DefaultANGLEVulkan',
  '--disable-vulkan-surface',
];

/**
 * An expression a page evaluates to its WebGL renderer: the unmasked string when the browser shares
 * it (`WEBGL_debug_renderer_info`), else the masked one, or why there is none.
 */
export const RENDERER_EXPRESSION = `(() => {
  const gl = document.createElement('canvas').getContext('webgl2') ??
    document.createElement('canvas').getContext('webgl');
  if (!gl) return 'no WebGL';
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const name = info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER);
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return String(name);
})()`;

/** Whether a renderer string names software rendering (SwiftShader or llvmpipe). */
export function isSoftwareRenderer(renderer: string): boolean {
  return /swiftshader|llvmpipe|software/i.test(renderer);
}
