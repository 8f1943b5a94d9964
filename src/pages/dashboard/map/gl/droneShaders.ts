/**
 * Shaders of the GL drone layer: one instanced quad per drone, placed on the map plane (so it turns
 * with the map's bearing and lies flat when pitched, like the symbol layer's map-aligned icons were)
 * and shaded as the arrow of `droneIcons.ts` by its signed distance, so it stays sharp at any pixel
 * ratio without a texture. A second pass draws the selected drone's halo under the arrows.
 */
import { DRONE_STATUSES, STATUS_COLOURS } from '../../../../fleet/derive/droneStatus.ts';

/** Half the quad edge of an arrow (CSS px): the 20 px arrow, its outline and antialiasing. */
export const ARROW_HALF_PX = 11;
/** Half the quad edge of the halo (CSS px): the old circle layer's 16 px radius plus its 1.5 px stroke. */
export const HALO_HALF_PX = 19;

export const VERTEX_SHADER = `#version 300 es
precision highp float;
uniform mat4 u_matrix;
uniform float u_time;
uniform float u_world_per_px;
uniform float u_halo;
uniform vec3 u_colours[${DRONE_STATUSES.length}];
in vec2 a_corner;
in vec4 a_track;
in vec4 a_motion;
in vec2 a_style;
out vec2 v_local;
out vec3 v_colour;

void main() {
  float flags = a_style.y;
  bool selected = mod(flags, 2.0) >= 1.0;
  bool hidden = mod(floor(flags / 2.0), 2.0) >= 1.0;
  if (hidden || (u_halo > 0.5 && !selected)) {
    // Outside the clip volume: the quad is dropped before any fragment runs.
    gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
    return;
  }
  float t = a_motion.w > 0.0 ? clamp((u_time - a_motion.z) / a_motion.w, 0.0, 1.0) : 1.0;
  vec2 centre = mix(a_track.xy, a_track.zw, t);
  float heading = mix(a_motion.x, a_motion.y, t);
  float half_px = u_halo > 0.5 ? ${HALO_HALF_PX.toFixed(1)} : ${ARROW_HALF_PX.toFixed(1)};
  vec2 local = a_corner * half_px;
  // Clockwise from north with y pointing south, as Mercator's y does.
  float c = cos(heading);
  float s = sin(heading);
  vec2 turned = vec2(local.x * c - local.y * s, local.x * s + local.y * c);
  gl_Position = u_matrix * vec4(centre + turned * u_world_per_px, 0.0, 1.0);
  v_local = local;
  v_colour = u_colours[int(a_style.x + 0.5)];
}
`;

export const FRAGMENT_SHADER = `#version 300 es
precision highp float;
uniform float u_halo;
in vec2 v_local;
in vec3 v_colour;
out vec4 fragColor;

// The arrow of droneIcons.ts in CSS px around its centre, y down: tip, right wing, notch, left wing.
const vec2 ARROW[4] = vec2[4](vec2(0.0, -8.5), vec2(7.0, 7.5), vec2(0.0, 3.5), vec2(-7.0, 7.5));
// Its canvas stroke is 3 device px (1.5 CSS px) centred on the edge, half of it covered by the fill.
const float OUTLINE_PX = 0.75;
const vec3 OUTLINE = vec3(${hexToRgb('#111418')
  .map((v) => v.toFixed(4))
  .join(', ')});
const float HALO_RADIUS_PX = 16.0;
const float HALO_STROKE_PX = 1.5;
const float HALO_FILL_ALPHA = 0.18;

// Distance from p to the arrow's outline, negative inside (even-odd crossings decide inside).
float arrowDistance(vec2 p) {
  float nearest = 1e9;
  bool inside = false;
  for (int i = 0; i < 4; i++) {
    vec2 a = ARROW[i];
    vec2 b = ARROW[(i + 3) % 4];
    vec2 edge = b - a;
    vec2 w = p - a;
    vec2 off = w - edge * clamp(dot(w, edge) / dot(edge, edge), 0.0, 1.0);
    nearest = min(nearest, dot(off, off));
    if ((a.y > p.y) != (b.y > p.y) && p.x < a.x + (p.y - a.y) * edge.x / edge.y) inside = !inside;
  }
  return inside ? -sqrt(nearest) : sqrt(nearest);
}

void main() {
  // Half a screen pixel in local units: edges blend over about one pixel, as MapLibre's own
  // circles and icons do, at any zoom, pitch or pixel ratio.
  vec2 step_px = fwidth(v_local);
  float aa = max(max(step_px.x, step_px.y), 1e-3) * 0.5;
  vec4 colour;
  if (u_halo > 0.5) {
    float r = length(v_local);
    float inner = 1.0 - smoothstep(HALO_RADIUS_PX - aa, HALO_RADIUS_PX + aa, r);
    float outer = 1.0 - smoothstep(HALO_RADIUS_PX + HALO_STROKE_PX - aa, HALO_RADIUS_PX + HALO_STROKE_PX + aa, r);
    float alpha = mix(outer, HALO_FILL_ALPHA, inner);
    colour = vec4(vec3(1.0), alpha);
  } else {
    float d = arrowDistance(v_local);
    float alpha = 1.0 - smoothstep(OUTLINE_PX - aa, OUTLINE_PX + aa, d);
    vec3 rgb = mix(v_colour, OUTLINE, smoothstep(-aa, aa, d));
    colour = vec4(rgb, alpha);
  }
  if (colour.a <= 0.0) discard;
  // MapLibre blends custom layers as premultiplied alpha.
  fragColor = vec4(colour.rgb * colour.a, colour.a);
}
`;

/** `#rrggbb` as three 0…1 components. */
export function hexToRgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255];
}

/** The status colours in `DRONE_STATUSES` order, flat, for the `u_colours` uniform. */
export function statusColours(): Float32Array {
  return Float32Array.from(DRONE_STATUSES.flatMap((status) => hexToRgb(STATUS_COLOURS[status])));
}
