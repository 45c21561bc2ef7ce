/**
 * Technical-drawing parts: drafting paper, dimension lines, floor plans and sections, for the
 * images that show the project side of the work (plans, elevations, roof layers).
 */
import { type Canvas, palette as c, circle, group, path, polygon, rect, segment } from "./kit.ts";

/** Drafting paper: plaster ground with a faint square grid and a margin frame. */
export function draftingPaper(canvas: Canvas, grid = 50) {
  const { width, height } = canvas;
  const parts = [rect(0, 0, width, height, { fill: c.plaster, stroke: "none" })];
  for (let x = grid; x < width; x += grid)
    parts.push(segment(x, 0, x, height, { stroke: c.skyDeep, sw: 1.5, opacity: 0.6 }));
  for (let y = grid; y < height; y += grid)
    parts.push(segment(0, y, width, y, { stroke: c.skyDeep, sw: 1.5, opacity: 0.6 }));
  parts.push(rect(40, 40, width - 80, height - 80, { fill: "none", sw: 3 }));
  parts.push(rect(width - 420, height - 150, 380, 110, { fill: c.white, sw: 3 }));
  parts.push(segment(width - 420, height - 95, width - 40, height - 95, { sw: 2 }));
  parts.push(rect(width - 400, height - 132, 170, 18, { fill: c.terracotta, stroke: "none" }));
  parts.push(rect(width - 400, height - 76, 240, 12, { fill: c.inkSoft, stroke: "none" }));
  return group(parts);
}

/** Dimension line with ticks between two points, drawn `offset` away on the normal. */
export function dimension(x1: number, y1: number, x2: number, y2: number, offset = 40) {
  const horizontal = Math.abs(y2 - y1) < Math.abs(x2 - x1);
  const [dx, dy] = horizontal ? [0, -offset] : [-offset, 0];
  const a: [number, number] = [x1 + dx, y1 + dy];
  const b: [number, number] = [x2 + dx, y2 + dy];
  const tick = (p: [number, number]) =>
    segment(p[0] - 12, p[1] + 12, p[0] + 12, p[1] - 12, { sw: 3, stroke: c.terracotta });
  const mid: [number, number] = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  return group([
    segment(x1, y1, a[0], a[1], { sw: 1.5 }),
    segment(x2, y2, b[0], b[1], { sw: 1.5 }),
    segment(a[0], a[1], b[0], b[1], { sw: 2.5 }),
    tick(a),
    tick(b),
    horizontal
      ? rect(mid[0] - 40, mid[1] - 24, 80, 14, { fill: c.inkSoft, stroke: "none", rx: 3 })
      : rect(mid[0] - 24, mid[1] - 40, 14, 80, { fill: c.inkSoft, stroke: "none", rx: 3 }),
  ]);
}

/** Thick plan wall from (x1,y1) to (x2,y2), axis-aligned. */
export function planWall(x1: number, y1: number, x2: number, y2: number, t = 22) {
  const x = Math.min(x1, x2) - (x1 === x2 ? t / 2 : 0);
  const y = Math.min(y1, y2) - (y1 === y2 ? t / 2 : 0);
  const w = x1 === x2 ? t : Math.abs(x2 - x1);
  const h = y1 === y2 ? t : Math.abs(y2 - y1);
  return rect(x, y, w, h, { fill: c.ink, stroke: "none" });
}

/** Door swing in plan: leaf and quarter arc, hinge at (x, y). */
export function planDoor(x: number, y: number, r: number, rotation = 0) {
  return group(
    [
      rect(x - 4, y - 11, r + 8, 22, { fill: c.plaster, stroke: "none" }),
      segment(x, y, x, y - r, { sw: 4 }),
      path(`M${x} ${y - r} A${r} ${r} 0 0 1 ${x + r} ${y}`, { sw: 2, stroke: c.inkSoft }),
    ],
    `rotate(${rotation} ${x} ${y})`,
  );
}

/** Small round plan symbol (light point, sensor) used on installation plans. */
export function planSymbol(x: number, y: number, kind: "light" | "blind" | "sensor" | "plug") {
  if (kind === "light") {
    return group([
      circle(x, y, 26, { fill: c.ochreSoft, sw: 3 }),
      segment(x - 18, y - 18, x + 18, y + 18, { sw: 3 }),
      segment(x - 18, y + 18, x + 18, y - 18, { sw: 3 }),
    ]);
  }
  if (kind === "blind") {
    return group([
      rect(x - 30, y - 14, 60, 28, { fill: c.sky, sw: 3 }),
      segment(x - 20, y, x + 20, y, { sw: 3 }),
    ]);
  }
  if (kind === "sensor") {
    return group([
      polygon(
        [
          [x, y - 26],
          [x + 26, y + 18],
          [x - 26, y + 18],
        ],
        { fill: c.oliveSoft, sw: 3 },
      ),
      circle(x, y + 4, 5, { fill: c.ink, stroke: "none" }),
    ]);
  }
  return group([
    circle(x, y, 20, { fill: c.terracottaSoft, sw: 3 }),
    segment(x - 8, y - 6, x - 8, y + 6, { sw: 3 }),
    segment(x + 8, y - 6, x + 8, y + 6, { sw: 3 }),
  ]);
}
