/** Table-row size, px. */
const ROW_SIZE = { width: 56, height: 36 };
const PAD = 3;

type Outline = readonly (readonly [number, number])[];

/** Screen points of an outline, fitted into the box with north up and true proportions. */
function project(outline: Outline, width: number, height: number): [number, number][] {
  const lats = outline.map(([, lat]) => lat);
  // Longitude degrees shrink with latitude; scaling by the cosine keeps the shape's proportions.
  const k = Math.cos(((Math.min(...lats) + Math.max(...lats)) / 2) * (Math.PI / 180));
  const xs = outline.map(([lng]) => lng * k);
  const [minX, maxX, minY, maxY] = [
    Math.min(...xs),
    Math.max(...xs),
    Math.min(...lats),
    Math.max(...lats),
  ];
  const scale = Math.min(
    (width - 2 * PAD) / Math.max(maxX - minX, 1e-9),
    (height - 2 * PAD) / Math.max(maxY - minY, 1e-9),
  );
  const offX = (width - (maxX - minX) * scale) / 2;
  const offY = (height - (maxY - minY) * scale) / 2;
  return outline.map(([, lat], i) => [
    offX + ((xs[i] ?? minX) - minX) * scale,
    height - offY - (lat - minY) * scale,
  ]);
}

/** A small drawing of a route's waypoints: the line flown and a dot where it starts. */
export function RouteThumbnail({
  outline,
  width = ROW_SIZE.width,
  height = ROW_SIZE.height,
}: {
  outline: Outline;
  width?: number;
  height?: number;
}) {
  const points = outline.length > 0 ? project(outline, width, height) : [];
  const start = points[0];
  return (
    <svg
      className="sd-route-thumb"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      aria-hidden="true"
    >
      <polyline points={points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ')} />
      {start && <circle cx={start[0]} cy={start[1]} r={2.5} />}
    </svg>
  );
}
