import { useCallback, useEffect, useState, type PointerEvent } from 'react';

/** Zoom limits: the fitted picture down to half, up to 8× (enough to read a number plate at 4K). */
export const MIN_SCALE = 0.5;
export const MAX_SCALE = 8;
/** One button press or wheel notch multiplies the zoom by this much. */
const STEP = 1.25;

export interface View {
  scale: number;
  x: number;
  y: number;
}

const FITTED: View = { scale: 1, x: 0, y: 0 };

const clampScale = (s: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, s));

/**
 * Zoom and pan of one picture: wheel zooms about the pointer, buttons about the centre, dragging
 * pans. The wheel listener is bound by hand because React's is passive and could not keep the
 * page itself from scrolling.
 */
export function useZoomPan(resetKey: unknown) {
  const [view, setView] = useState<View>(FITTED);
  // A callback ref: the dialog's portal mounts its content after the first effect pass.
  const [frame, bindFrame] = useState<HTMLDivElement | null>(null);
  // Where the pointer that drags was last seen; state rather than a ref, as every move redraws anyway.
  const [drag, setDrag] = useState<{ id: number; x: number; y: number } | null>(null);

  // A new picture starts fitted.
  const [lastKey, setLastKey] = useState(resetKey);
  if (lastKey !== resetKey) {
    setLastKey(resetKey);
    setView(FITTED);
  }

  const zoomAt = useCallback((factor: number, px = 0, py = 0) => {
    setView((v) => {
      const scale = clampScale(v.scale * factor);
      const k = scale / v.scale;
      // Keep the point under (px, py), measured from the frame's centre, where it is.
      return { scale, x: px - (px - v.x) * k, y: py - (py - v.y) * k };
    });
  }, []);

  useEffect(() => {
    if (frame === null) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const box = frame.getBoundingClientRect();
      const px = e.clientX - box.left - box.width / 2;
      const py = e.clientY - box.top - box.height / 2;
      zoomAt(e.deltaY < 0 ? STEP : 1 / STEP, px, py);
    };
    frame.addEventListener('wheel', onWheel, { passive: false });
    return () => frame.removeEventListener('wheel', onWheel);
  }, [frame, zoomAt]);

  const handlers = {
    onPointerDown: (e: PointerEvent<HTMLDivElement>) => {
      e.currentTarget.setPointerCapture(e.pointerId);
      setDrag({ id: e.pointerId, x: e.clientX, y: e.clientY });
    },
    onPointerMove: (e: PointerEvent<HTMLDivElement>) => {
      const from = drag;
      if (from?.id !== e.pointerId) return;
      setDrag({ id: e.pointerId, x: e.clientX, y: e.clientY });
      setView((v) => ({ ...v, x: v.x + e.clientX - from.x, y: v.y + e.clientY - from.y }));
    },
    onPointerUp: () => {
      setDrag(null);
    },
    onPointerCancel: () => {
      setDrag(null);
    },
  };

  return {
    view,
    bindFrame,
    handlers,
    zoomIn: () => zoomAt(STEP),
    zoomOut: () => zoomAt(1 / STEP),
    reset: () => setView(FITTED),
  };
}
