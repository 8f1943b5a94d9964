/**
 * The fleet's drones as a MapLibre custom layer: one WebGL draw of instanced quads whose per-drone
 * attributes (`droneInstances.ts`) are uploaded once per fleet frame. Nothing is re-tiled, re-placed
 * or sent to MapLibre's worker when drones move, which is what made the GeoJSON symbol layer cost
 * hundreds of ms per push at 2 000 drones. The vertex shader interpolates each drone's glide from a
 * time uniform, so motion is smooth at the display rate; the layer asks for repaints only while a
 * glide is running.
 */
import type {
  CustomLayerInterface,
  CustomRenderMethodInput,
  Map as MapLibreMap,
} from 'maplibre-gl';
import { clock } from '../../../../lib/clock.ts';
import type { DroneInstances } from './droneInstances.ts';
import { INSTANCE_FLOATS } from './droneInstances.ts';
import { FRAGMENT_SHADER, statusColours, VERTEX_SHADER } from './droneShaders.ts';
import { isSoftwareRenderer } from './softwareRenderer.ts';

/** MapLibre's world is 512 px wide at zoom 0. */
const TILE_SIZE_PX = 512;

interface GpuState {
  program: WebGLProgram;
  vao: WebGLVertexArrayObject;
  corners: WebGLBuffer;
  instances: WebGLBuffer;
  /** The status palette, flat RGB in `DRONE_STATUSES` order. */
  colours: Float32Array;
  uniforms: {
    matrix: WebGLUniformLocation | null;
    time: WebGLUniformLocation | null;
    worldPerPx: WebGLUniformLocation | null;
    halo: WebGLUniformLocation | null;
    colours: WebGLUniformLocation | null;
  };
}

const EMPTY: DroneInstances = {
  data: new Float32Array(0),
  count: 0,
  originX: 0,
  originY: 0,
  timeBase: 0,
};

export class DroneGlLayer implements CustomLayerInterface {
  readonly type = 'custom' as const;
  readonly renderingMode = '2d' as const;
  private map: MapLibreMap | null = null;
  private gpu: GpuState | null = null;
  private instances: DroneInstances = EMPTY;
  private hasSelected = false;
  private uploaded = true;
  private glideEnd = -Infinity;
  private drawnPending = false;
  private readonly matrix = new Float32Array(16);
  /**
   * Whether drones glide between fixes at the display rate (known once added to a map). Not on a
   * software rasterizer: there each frame costs tens of ms of CPU, and repainting at the display
   * rate starved the telemetry worker of the very cores it needs.
   */
  smoothMotion = true;

  /** `onDrawn` is called on the first render after new data was uploaded (the frame probe). */
  constructor(
    readonly id: string,
    private readonly onDrawn: () => void,
  ) {}

  /** Takes the next frame's data and asks for a repaint; the upload happens in that render. */
  setInstances(instances: DroneInstances, glideEnd: number, hasSelected: boolean): void {
    this.instances = instances;
    this.glideEnd = glideEnd;
    this.hasSelected = hasSelected;
    this.uploaded = false;
    this.drawnPending = true;
    this.map?.triggerRepaint();
  }

  /**
   * Also called again when the layer is put back into a rebuilt style (see `keepDroneLayers`):
   * GL objects are made anew and the last data uploaded again.
   */
  onAdd(map: MapLibreMap, gl: WebGL2RenderingContext): void {
    this.release(map, gl);
    this.map = map;
    map.on('webglcontextlost', this.contextLost);
    map.on('webglcontextrestored', this.contextRestored);
    this.smoothMotion = !isSoftwareRenderer(gl);
    this.uploaded = false;
    map.triggerRepaint();
  }

  onRemove(map: MapLibreMap, gl: WebGL2RenderingContext): void {
    this.release(map, gl);
    this.map = null;
  }

  /** Stops listening to `map` and deletes the GL objects (a lost context took them already). */
  private release(map: MapLibreMap, gl: WebGL2RenderingContext): void {
    map.off('webglcontextlost', this.contextLost);
    map.off('webglcontextrestored', this.contextRestored);
    if (this.gpu !== null && !gl.isContextLost()) deleteGpu(gl, this.gpu);
    this.gpu = null;
  }

  render(gl: WebGL2RenderingContext, options: CustomRenderMethodInput): void {
    const map = this.map;
    if (map === null || gl.isContextLost()) return;
    // Built on first use, and again after a lost context took every GL object with it.
    this.gpu ??= createGpu(gl);
    const gpu = this.gpu;
    const { data, count, originX, originY, timeBase } = this.instances;
    gl.bindVertexArray(gpu.vao);
    if (!this.uploaded) {
      gl.bindBuffer(gl.ARRAY_BUFFER, gpu.instances);
      // One upload per fleet frame; DYNAMIC_DRAW with a fresh store lets the driver orphan the old.
      gl.bufferData(gl.ARRAY_BUFFER, data.subarray(0, count * INSTANCE_FLOATS), gl.DYNAMIC_DRAW);
      this.uploaded = true;
    }
    const now = clock.now();
    if (count > 0) {
      gl.useProgram(gpu.program);
      // Offsets are relative to the origin: fold the origin into the matrix in float64 first.
      const m = options.defaultProjectionData.mainMatrix;
      for (let i = 0; i < 16; i += 1) this.matrix[i] = m[i] ?? 0;
      for (let r = 0; r < 4; r += 1)
        this.matrix[12 + r] = (m[r] ?? 0) * originX + (m[4 + r] ?? 0) * originY + (m[12 + r] ?? 0);
      gl.uniformMatrix4fv(gpu.uniforms.matrix, false, this.matrix);
      gl.uniform1f(gpu.uniforms.time, now - timeBase);
      gl.uniform1f(gpu.uniforms.worldPerPx, 1 / (TILE_SIZE_PX * 2 ** map.getZoom()));
      gl.uniform3fv(gpu.uniforms.colours, gpu.colours);
      // Drawn over whatever depth the layers below left: a flat overlay, like the symbol layer was.
      gl.disable(gl.DEPTH_TEST);
      gl.disable(gl.STENCIL_TEST);
      if (this.hasSelected) {
        gl.uniform1f(gpu.uniforms.halo, 1);
        gl.drawArraysInstanced(gl.TRIANGLE_STRIP, 0, 4, count);
      }
      gl.uniform1f(gpu.uniforms.halo, 0);
      gl.drawArraysInstanced(gl.TRIANGLE_STRIP, 0, 4, count);
    }
    gl.bindVertexArray(null);
    if (this.drawnPending) {
      this.drawnPending = false;
      this.onDrawn();
    }
    // Repaint at the display rate only while some drone glides; a still fleet costs no frames.
    if (now < this.glideEnd) map.triggerRepaint();
  }

  private readonly contextLost = (): void => {
    this.gpu = null;
  };

  private readonly contextRestored = (): void => {
    this.uploaded = false;
    this.map?.triggerRepaint();
  };
}

function compile(gl: WebGL2RenderingContext, type: GLenum, source: string): WebGLShader {
  const shader = gl.createShader(type);
  if (shader === null) throw new Error('drone layer: cannot create a shader');
  gl.shaderSource(shader, source);
  gl.compileShader(shader);
  if (gl.getShaderParameter(shader, gl.COMPILE_STATUS) !== true && !gl.isContextLost())
    throw new Error(`drone layer: shader does not compile: ${gl.getShaderInfoLog(shader) ?? ''}`);
  return shader;
}

function createGpu(gl: WebGL2RenderingContext): GpuState {
  const program = gl.createProgram();
  const vertex = compile(gl, gl.VERTEX_SHADER, VERTEX_SHADER);
  const fragment = compile(gl, gl.FRAGMENT_SHADER, FRAGMENT_SHADER);
  gl.attachShader(program, vertex);
  gl.attachShader(program, fragment);
  gl.linkProgram(program);
  gl.deleteShader(vertex);
  gl.deleteShader(fragment);
  if (gl.getProgramParameter(program, gl.LINK_STATUS) !== true && !gl.isContextLost())
    throw new Error(`drone layer: program does not link: ${gl.getProgramInfoLog(program) ?? ''}`);
  const vao = gl.createVertexArray();
  const corners = gl.createBuffer();
  const instances = gl.createBuffer();
  gl.bindVertexArray(vao);
  gl.bindBuffer(gl.ARRAY_BUFFER, corners);
  gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 1, -1, -1, 1, 1, 1]), gl.STATIC_DRAW);
  const corner = gl.getAttribLocation(program, 'a_corner');
  gl.enableVertexAttribArray(corner);
  gl.vertexAttribPointer(corner, 2, gl.FLOAT, false, 0, 0);
  gl.bindBuffer(gl.ARRAY_BUFFER, instances);
  const stride = INSTANCE_FLOATS * 4;
  const perDrone: [string, number, number][] = [
    ['a_track', 4, 0],
    ['a_motion', 4, 16],
    ['a_style', 2, 32],
  ];
  for (const [name, size, offset] of perDrone) {
    const location = gl.getAttribLocation(program, name);
    gl.enableVertexAttribArray(location);
    gl.vertexAttribPointer(location, size, gl.FLOAT, false, stride, offset);
    gl.vertexAttribDivisor(location, 1);
  }
  gl.bindVertexArray(null);
  gl.bindBuffer(gl.ARRAY_BUFFER, null);
  return {
    program,
    vao,
    corners,
    instances,
    colours: statusColours(),
    uniforms: {
      matrix: gl.getUniformLocation(program, 'u_matrix'),
      time: gl.getUniformLocation(program, 'u_time'),
      worldPerPx: gl.getUniformLocation(program, 'u_world_per_px'),
      halo: gl.getUniformLocation(program, 'u_halo'),
      colours: gl.getUniformLocation(program, 'u_colours'),
    },
  };
}

function deleteGpu(gl: WebGL2RenderingContext, gpu: GpuState): void {
  gl.deleteProgram(gpu.program);
  gl.deleteVertexArray(gpu.vao);
  gl.deleteBuffer(gpu.corners);
  gl.deleteBuffer(gpu.instances);
}
