/**
 * Exterior parts: skies, grounds, buildings, scaffolds and site machinery, in elevation.
 * Convention: `x` is the left edge of buildings and the centre of small objects; `y` is ground.
 */
import { windowArch, windowRect } from "./interior.ts";
import {
  archPath,
  type Canvas,
  type Colour,
  palette as c,
  circle,
  ellipse,
  group,
  line,
  lines,
  path,
  polygon,
  rect,
  segment,
  spread,
} from "./kit.ts";

/** Sky, a pale sun disc, two clouds and the ground from `groundY` down. */
export function outdoors(
  canvas: Canvas,
  groundY: number,
  o: { sun?: [number, number]; ground?: Colour; sea?: boolean; hills?: boolean; sky?: Colour } = {},
) {
  const { width, height } = canvas;
  const parts = [rect(0, 0, width, height, { fill: o.sky ?? c.sky, stroke: "none" })];
  const [sx, sy] = o.sun ?? [width * 0.78, height * 0.22];
  parts.push(circle(sx, sy, 90, { fill: c.ochreSoft, stroke: "none" }));
  parts.push(cloud(width * 0.18, height * 0.16, 1), cloud(width * 0.55, height * 0.1, 0.7));
  if (o.hills) {
    parts.push(
      path(
        `M0 ${groundY - 120} Q${width * 0.2} ${groundY - 260} ${width * 0.45} ${groundY - 140} T${width} ${groundY - 170} L${width} ${groundY} L0 ${groundY} Z`,
        { fill: c.oliveSoft, stroke: "none", opacity: 0.7 },
      ),
    );
  }
  if (o.sea) parts.push(rect(0, groundY - 110, width, 110, { fill: c.sea, stroke: "none" }));
  parts.push(
    rect(0, groundY, width, height - groundY, { fill: o.ground ?? c.sandDeep, stroke: "none" }),
  );
  parts.push(segment(0, groundY, width, groundY));
  return group(parts);
}

export function cloud(x: number, y: number, s = 1) {
  return path(
    `M${x - 120 * s} ${y + 30 * s} Q${x - 120 * s} ${y - 10 * s} ${x - 70 * s} ${y - 5 * s} Q${x - 50 * s} ${y - 50 * s} ${x} ${y - 40 * s} Q${x + 50 * s} ${y - 60 * s} ${x + 80 * s} ${y - 10 * s} Q${x + 130 * s} ${y - 5 * s} ${x + 120 * s} ${y + 30 * s} Z`,
    { fill: c.white, stroke: "none" },
  );
}

/** Distant rooftops along the horizon, for city views. */
export function skyline(canvas: Canvas, groundY: number, seed = 3) {
  const parts: string[] = [];
  let x = -20;
  let i = seed;
  while (x < canvas.width) {
    const w = 120 + ((i * 53) % 90);
    const h = 120 + ((i * 71) % 160);
    parts.push(
      rect(x, groundY - h, w, h, {
        fill: i % 3 === 0 ? c.sand : c.white,
        stroke: c.ink,
        sw: 3,
        opacity: 0.9,
      }),
    );
    parts.push(rect(x, groundY - h, w, 10, { fill: c.terracottaSoft, stroke: "none" }));
    for (const wx of spread(x + 25, x + w - 45, 2)) {
      parts.push(rect(wx, groundY - h + 40, 20, 30, { fill: c.skyDeep, stroke: "none" }));
    }
    if (i % 4 === 1)
      parts.push(
        path(archPath(x + w / 2 - 25, groundY - h - 60, 50, 60), { fill: c.white, sw: 3 }),
      );
    x += w + 6;
    i++;
  }
  return group(parts);
}

export function oliveTree(x: number, y: number, s = 1) {
  return group([
    path(
      `M${x - 14 * s} ${y} Q${x - 6 * s} ${y - 90 * s} ${x - 40 * s} ${y - 170 * s} M${x + 10 * s} ${y} Q${x + 4 * s} ${y - 100 * s} ${x + 40 * s} ${y - 160 * s}`,
      { sw: 14 * s, stroke: c.woodDark },
    ),
    ellipse(x - 60 * s, y - 200 * s, 100 * s, 65 * s, { fill: c.oliveSoft }),
    ellipse(x + 60 * s, y - 215 * s, 110 * s, 70 * s, { fill: c.olive }),
    ellipse(x, y - 270 * s, 90 * s, 60 * s, { fill: c.oliveSoft }),
  ]);
}

export function cypress(x: number, y: number, s = 1) {
  return group([
    path(
      `M${x} ${y - 340 * s} Q${x + 60 * s} ${y - 150 * s} ${x + 34 * s} ${y - 20 * s} L${x - 34 * s} ${y - 20 * s} Q${x - 60 * s} ${y - 150 * s} ${x} ${y - 340 * s} Z`,
      { fill: c.olive },
    ),
    segment(x, y - 20 * s, x, y, { sw: 10 * s, stroke: c.woodDark }),
  ]);
}

export function palm(x: number, y: number, s = 1) {
  const top: [number, number] = [x + 30 * s, y - 420 * s];
  const fronds = [
    [-170, 60],
    [-120, -40],
    [0, -90],
    [120, -40],
    [170, 60],
  ];
  return group([
    path(`M${x} ${y} Q${x + 10 * s} ${y - 220 * s} ${top[0]} ${top[1]}`, {
      sw: 22 * s,
      stroke: c.woodDark,
    }),
    ...fronds.map(([dx, dy]) =>
      path(
        `M${top[0]} ${top[1]} Q${top[0] + (dx as number) * 0.5 * s} ${top[1] + (dy as number) * s - 60 * s} ${top[0] + (dx as number) * s} ${top[1] + (dy as number) * s + 40 * s} Q${top[0] + (dx as number) * 0.45 * s} ${top[1] + (dy as number) * 0.3 * s} ${top[0]} ${top[1]} Z`,
        { fill: c.olive },
      ),
    ),
  ]);
}

export function bush(x: number, y: number, w = 160, colour: Colour = c.oliveSoft) {
  return path(
    `M${x - w / 2} ${y} Q${x - w / 2} ${y - w * 0.55} ${x - w * 0.1} ${y - w * 0.5} Q${x + w * 0.2} ${y - w * 0.75} ${x + w / 2} ${y - w * 0.3} L${x + w / 2} ${y} Z`,
    { fill: colour },
  );
}

/** Pitched roof of curved Arab tiles over [x, x+w]; `y` is the eaves line. */
export function tileRoof(
  x: number,
  y: number,
  w: number,
  h: number,
  o: { missing?: [number, number] } = {},
) {
  const parts = [
    polygon(
      [
        [x - 30, y],
        [x + w / 2, y - h],
        [x + w + 30, y],
      ],
      { fill: c.terracotta },
    ),
  ];
  const rows = Math.max(2, Math.round(h / 34));
  for (let i = 1; i < rows; i++) {
    const t = i / rows;
    const yy = y - h * t;
    const half = (w / 2 + 30) * (1 - t);
    parts.push(segment(x + w / 2 - half, yy, x + w / 2 + half, yy, { sw: 3 }));
  }
  for (const tx of spread(x, x + w, Math.round(w / 40))) {
    const t = Math.abs(tx - (x + w / 2)) / (w / 2 + 30);
    parts.push(
      segment(tx, y, tx + (x + w / 2 - tx) * 0.1, y - h * (1 - t) * 0.9, { sw: 2, opacity: 0.5 }),
    );
  }
  if (o.missing) {
    const [a, b] = o.missing;
    const ya = y - h * 0.75;
    parts.push(
      polygon(
        [
          [x + w * a, y - 20],
          [x + w * b, y - 20],
          [x + w * b - 10, ya],
          [x + w * a + 10, ya],
        ],
        { fill: c.woodDark },
      ),
    );
    for (const lx of spread(x + w * a + 10, x + w * b - 10, 5))
      parts.push(segment(lx, y - 20, lx, ya, { sw: 3 }));
    for (const ly of spread(y - 30, ya + 10, 4))
      parts.push(segment(x + w * a + 8, ly, x + w * b - 8, ly, { stroke: c.ochre, sw: 6 }));
  }
  parts.push(rect(x - 40, y - 6, w + 80, 18, { fill: c.white }));
  return group(parts);
}

export interface FacadeOptions {
  floors: number;
  bays: number;
  floorHeight?: number;
  wall?: Colour;
  roof?: "tiles" | "flat";
  balconies?: boolean;
  shutters?: Colour;
  arches?: boolean;
  shop?: boolean;
  door?: boolean;
  ornate?: boolean;
  shabby?: boolean;
}

/** A building front: wall, window grid, balconies, ground floor and roof; returns its top y. */
export function facade(
  x: number,
  y: number,
  w: number,
  o: FacadeOptions,
): { svg: string; top: number } {
  const fh = o.floorHeight ?? 190;
  const h = o.floors * fh;
  const top = y - h;
  const parts = [rect(x, top, w, h, { fill: o.wall ?? c.white })];
  if (o.ornate) {
    for (let f = 1; f < o.floors; f++)
      parts.push(rect(x - 10, y - f * fh - 8, w + 20, 16, { fill: c.sand, sw: 3 }));
  }
  const bayW = w / o.bays;
  const winW = Math.min(bayW * 0.45, 110);
  const winH = fh * 0.55;
  for (let f = 0; f < o.floors; f++) {
    const floorBase = y - f * fh;
    for (let b = 0; b < o.bays; b++) {
      const cx = x + bayW * (b + 0.5);
      if (f === 0 && (o.shop || o.door)) continue;
      const wy = floorBase - fh * 0.78;
      if (o.arches && f === o.floors - 1) {
        parts.push(windowArch(cx - winW / 2, wy, winW, winH, {}));
      } else {
        parts.push(windowRect(cx - winW / 2, wy, winW, winH, { shutters: o.shutters, panes: 2 }));
      }
      if (o.balconies && f > 0) {
        const bw = winW + 70;
        parts.push(rect(cx - bw / 2, floorBase - fh * 0.22, bw, 14, { fill: c.stone, sw: 4 }));
        const rail: string[] = [
          segment(
            cx - bw / 2,
            floorBase - fh * 0.22 - 60,
            cx + bw / 2,
            floorBase - fh * 0.22 - 60,
            { sw: 4 },
          ),
        ];
        for (const rx of spread(cx - bw / 2, cx + bw / 2, 8))
          rail.push(segment(rx, floorBase - fh * 0.22 - 60, rx, floorBase - fh * 0.22, { sw: 3 }));
        parts.push(group(rail));
      }
    }
  }
  if (o.shop) {
    parts.push(rect(x, y - fh, w, fh, { fill: c.sandDeep }));
    for (let b = 0; b < o.bays; b++) {
      const bx = x + bayW * b + 16;
      parts.push(rect(bx, y - fh + 40, bayW - 32, fh - 40, { fill: b % 2 ? c.skyDeep : c.sky }));
      parts.push(
        rect(bx - 6, y - fh + 14, bayW - 20, 24, { fill: b % 2 ? c.terracotta : c.olive, sw: 4 }),
      );
    }
  } else if (o.door) {
    parts.push(path(archPath(x + w / 2 - 60, y - fh * 0.85, 120, fh * 0.85), { fill: c.woodDark }));
    parts.push(segment(x + w / 2, y - fh * 0.85 + 60, x + w / 2, y, { sw: 3 }));
    for (let b = 0; b < o.bays; b++) {
      const cx = x + bayW * (b + 0.5);
      if (Math.abs(cx - (x + w / 2)) < bayW * 0.6) continue;
      parts.push(windowRect(cx - winW / 2, y - fh * 0.78, winW, winH, { shutters: o.shutters }));
    }
  }
  if (o.shabby) {
    parts.push(path(`M${x + w * 0.2} ${top + h * 0.3} l20 30 l-14 24 l22 36`, { sw: 3 }));
    parts.push(path(`M${x + w * 0.7} ${top + h * 0.55} l-18 26 l16 20 l-10 30`, { sw: 3 }));
    parts.push(
      ellipse(x + w * 0.4, top + h * 0.72, 60, 30, {
        fill: c.sandDeep,
        stroke: "none",
        opacity: 0.8,
      }),
    );
    parts.push(
      ellipse(x + w * 0.82, top + h * 0.22, 50, 24, {
        fill: c.sandDeep,
        stroke: "none",
        opacity: 0.8,
      }),
    );
  }
  if (o.roof === "tiles") {
    parts.push(tileRoof(x, top, w, Math.min(180, w * 0.25)));
  } else {
    parts.push(rect(x - 14, top - 40, w + 28, 40, { fill: o.wall ?? c.white }));
    parts.push(rect(x - 20, top - 52, w + 40, 14, { fill: c.terracottaSoft }));
  }
  return { svg: group(parts), top };
}

/** Scaffold over [x, x+w] up to `top`, with planks per level and an optional safety net. */
export function scaffold(
  x: number,
  y: number,
  w: number,
  top: number,
  o: { net?: boolean; levels?: number } = {},
) {
  const levels = o.levels ?? Math.max(2, Math.round((y - top) / 190));
  const bays = Math.max(2, Math.round(w / 220));
  const parts: string[] = [];
  const xs = spread(x, x + w, bays + 1);
  const ys = spread(y, top, levels + 1);
  if (o.net)
    parts.push(rect(x, top, w, y - top, { fill: c.oliveSoft, stroke: "none", opacity: 0.35 }));
  for (const sx of xs) parts.push(segment(sx, y, sx, top - 40, { sw: 7, stroke: c.inkSoft }));
  for (const sy of ys.slice(1)) {
    parts.push(rect(x - 10, sy, w + 20, 16, { fill: c.ochre, sw: 4 }));
    parts.push(segment(x, sy - 70, x + w, sy - 70, { sw: 4 }));
  }
  for (let i = 0; i < bays; i++) {
    for (let l = 0; l < levels; l++) {
      const [a, b] = [xs[i] as number, xs[i + 1] as number];
      const [ya, yb] = [ys[l] as number, ys[l + 1] as number];
      if ((i + l) % 2 === 0) parts.push(segment(a, ya, b, yb, { sw: 3, opacity: 0.7 }));
    }
  }
  return group(parts);
}

/** Tower crane: mast at x, jib reaching right (or left with negative `reach`). */
export function crane(x: number, y: number, h: number, reach: number, counter = 0.3) {
  const top = y - h;
  const parts: string[] = [];
  parts.push(rect(x - 22, top, 44, h, { fill: c.ochre }));
  for (let yy = y; yy > top + 40; yy -= 60) {
    parts.push(segment(x - 22, yy, x + 22, yy - 60, { sw: 3 }));
    parts.push(segment(x - 22, yy - 60, x + 22, yy - 60, { sw: 3 }));
  }
  const dir = Math.sign(reach);
  parts.push(rect(Math.min(x, x + reach), top - 30, Math.abs(reach), 30, { fill: c.ochre }));
  for (let dx = 0; dx < Math.abs(reach) - 40; dx += 50) {
    parts.push(segment(x + dir * dx, top, x + dir * (dx + 50), top - 30, { sw: 3 }));
  }
  const back = -reach * counter;
  parts.push(rect(Math.min(x, x + back), top - 30, Math.abs(back), 30, { fill: c.ochre }));
  parts.push(rect(x + back - dir * 10 - 40, top - 10, 80, 70, { fill: c.stone }));
  parts.push(
    polygon(
      [
        [x - 22, top - 30],
        [x + 22, top - 30],
        [x, top - 120],
      ],
      { fill: c.ochre },
    ),
  );
  parts.push(segment(x, top - 120, x + reach * 0.95, top - 30, { sw: 3 }));
  parts.push(segment(x, top - 120, x + back, top - 30, { sw: 3 }));
  parts.push(rect(x + dir * 24 - (dir < 0 ? 70 : 0), top + 10, 70, 60, { fill: c.white }));
  const hookX = x + reach * 0.7;
  parts.push(segment(hookX, top, hookX, top + h * 0.45, { sw: 3 }));
  parts.push(path(`M${hookX} ${top + h * 0.45} q0 24 -18 24`, { sw: 5 }));
  return group(parts);
}

export function bricks(x: number, y: number, cols = 4, rows = 4) {
  const bw = 56;
  const bh = 26;
  const parts = [rect(x - 10, y - 20, cols * bw + 20, 20, { fill: c.wood, sw: 4 })];
  for (let r = 0; r < rows; r++) {
    for (let col = 0; col < cols; col++) {
      const off = r % 2 ? bw / 2 : 0;
      if (r % 2 && col === cols - 1) continue;
      parts.push(
        rect(x + col * bw + off, y - 20 - (r + 1) * bh, bw, bh, { fill: c.terracotta, sw: 3 }),
      );
    }
  }
  return group(parts);
}

/** Site hoarding (fence panels) over [x, x+w]. */
export function hoarding(x: number, y: number, w: number, h = 180) {
  const parts: string[] = [];
  for (const px of spread(x, x + w, Math.max(2, Math.round(w / 200)) + 1).slice(0, -1)) {
    const pw = w / Math.max(2, Math.round(w / 200));
    parts.push(rect(px, y - h, pw, h, { fill: c.white, sw: 4 }));
    parts.push(rect(px, y - h * 0.55, pw, h * 0.14, { fill: c.terracotta, stroke: "none" }));
  }
  parts.push(segment(x, y - h, x + w, y - h, { sw: 5 }));
  return group(parts);
}

export function cone(x: number, y: number) {
  return group([
    polygon(
      [
        [x - 26, y],
        [x + 26, y],
        [x + 8, y - 70],
        [x - 8, y - 70],
      ],
      { fill: c.terracotta },
    ),
    rect(x - 18, y - 42, 36, 12, { fill: c.white, sw: 2 }),
    rect(x - 40, y - 8, 80, 8, { fill: c.ink, stroke: "none" }),
  ]);
}

export function mixerTruck(x: number, y: number) {
  return group([
    rect(x, y - 170, 120, 120, { fill: c.terracotta, rx: 12 }),
    rect(x + 20, y - 150, 70, 50, { fill: c.sky, sw: 4 }),
    rect(x + 120, y - 80, 300, 30, { fill: c.inkSoft }),
    `<ellipse cx="${x + 280}" cy="${y - 160}" rx="140" ry="80" transform="rotate(-12 ${x + 280} ${y - 160})" fill="${c.white}" stroke="${c.ink}" stroke-width="${line}"/>`,
    path(`M${x + 200} ${y - 220} l60 120 M${x + 280} ${y - 236} l40 130`, {
      sw: 4,
      stroke: c.ochre,
    }),
    circle(x + 70, y - 40, 40, { fill: c.ink }),
    circle(x + 300, y - 40, 40, { fill: c.ink }),
    circle(x + 390, y - 40, 40, { fill: c.ink }),
    ...[70, 300, 390].map((wx) => circle(x + wx, y - 40, 14, { fill: c.stone, sw: 3 })),
  ]);
}

/** Simple worker or client figure: head, body, legs; optional hard hat. */
export function person(
  x: number,
  y: number,
  o: {
    shirt?: Colour;
    trousers?: Colour;
    helmet?: boolean;
    hair?: Colour;
    armUp?: boolean;
    s?: number;
  } = {},
) {
  const s = o.s ?? 1;
  const shirt = o.shirt ?? c.terracotta;
  const parts = [
    path(
      `M${x - 28 * s} ${y} L${x - 22 * s} ${y - 180 * s} L${x + 22 * s} ${y - 180 * s} L${x + 28 * s} ${y} L${x + 6 * s} ${y} L${x} ${y - 110 * s} L${x - 6 * s} ${y} Z`,
      { fill: o.trousers ?? c.inkSoft },
    ),
    path(
      `M${x - 50 * s} ${y - 170 * s} Q${x - 52 * s} ${y - 330 * s} ${x} ${y - 330 * s} Q${x + 52 * s} ${y - 330 * s} ${x + 50 * s} ${y - 170 * s} Z`,
      { fill: shirt },
    ),
    o.armUp
      ? path(`M${x + 40 * s} ${y - 300 * s} L${x + 90 * s} ${y - 400 * s}`, {
          sw: 22 * s,
          stroke: shirt,
        })
      : path(`M${x + 44 * s} ${y - 300 * s} L${x + 60 * s} ${y - 200 * s}`, {
          sw: 22 * s,
          stroke: shirt,
        }),
    path(`M${x - 44 * s} ${y - 300 * s} L${x - 60 * s} ${y - 200 * s}`, {
      sw: 22 * s,
      stroke: shirt,
    }),
    circle(x, y - 380 * s, 42 * s, { fill: c.terracottaSoft }),
  ];
  if (o.helmet) {
    parts.push(
      path(
        `M${x - 50 * s} ${y - 388 * s} Q${x - 48 * s} ${y - 442 * s} ${x} ${y - 442 * s} Q${x + 48 * s} ${y - 442 * s} ${x + 50 * s} ${y - 388 * s} Z`,
        { fill: c.ochre },
      ),
    );
    parts.push(segment(x - 58 * s, y - 388 * s, x + 58 * s, y - 388 * s, { sw: 6 }));
  } else {
    parts.push(
      path(
        `M${x - 44 * s} ${y - 378 * s} Q${x - 46 * s} ${y - 430 * s} ${x} ${y - 428 * s} Q${x + 44 * s} ${y - 430 * s} ${x + 44 * s} ${y - 385 * s} Q${x + 10 * s} ${y - 400 * s} ${x - 44 * s} ${y - 378 * s} Z`,
        { fill: o.hair ?? c.inkSoft },
      ),
    );
  }
  return group(parts);
}

export function awning(x: number, y: number, w: number, colour: Colour = c.terracotta) {
  const stripes = Math.round(w / 60);
  const parts = [
    polygon(
      [
        [x, y],
        [x + w, y],
        [x + w + 30, y + 90],
        [x - 30, y + 90],
      ],
      { fill: c.white },
    ),
  ];
  spread(x, x + w, stripes + 1)
    .slice(0, -1)
    .forEach((sx, i) => {
      if (i % 2) return;
      const sw = w / stripes;
      const t = (sx - x) / w;
      parts.push(
        polygon(
          [
            [sx, y],
            [sx + sw, y],
            [x - 30 + (w + 60) * (t + sw / w), y + 90],
            [x - 30 + (w + 60) * t, y + 90],
          ],
          { fill: colour, stroke: "none" },
        ),
      );
    });
  parts.push(
    polygon(
      [
        [x, y],
        [x + w, y],
        [x + w + 30, y + 90],
        [x - 30, y + 90],
      ],
      { fill: "none" },
    ),
  );
  const scallops = spread(x - 30, x + w + 30, stripes + 1);
  for (let i = 0; i < scallops.length - 1; i++) {
    const a = scallops[i] as number;
    const b = scallops[i + 1] as number;
    parts.push(
      path(`M${a} ${y + 90} Q${(a + b) / 2} ${y + 130} ${b} ${y + 90}`, {
        fill: i % 2 ? c.white : colour,
      }),
    );
  }
  return group(parts);
}

export function pergola(x: number, y: number, w: number, h = 420) {
  const parts = [
    rect(x, y - h, 26, h, { fill: c.wood }),
    rect(x + w - 26, y - h, 26, h, { fill: c.wood }),
    rect(x - 40, y - h - 30, w + 80, 30, { fill: c.wood }),
  ];
  for (const bx of spread(x - 20, x + w + 20, 9))
    parts.push(rect(bx - 8, y - h - 54, 16, 24, { fill: c.woodDark, sw: 3 }));
  parts.push(
    path(`M${x - 40} ${y - h - 30} q60 60 120 20 q60 50 120 0 q60 40 120 10`, {
      fill: "none",
      stroke: c.olive,
      sw: 10,
    }),
  );
  for (const [lx, ly] of [
    [x - 10, y - h + 10],
    [x + 70, y - h + 30],
    [x + 150, y - h + 8],
    [x + 220, y - h + 26],
    [x + 300, y - h + 10],
  ] as const) {
    parts.push(circle(lx, ly, 16, { fill: c.oliveSoft, sw: 3 }));
  }
  return group(parts);
}

export function lounger(x: number, y: number, colour: Colour = c.white) {
  return group([
    path(`M${x - 150} ${y - 70} L${x + 60} ${y - 70} L${x + 150} ${y - 170}`, {
      sw: 24,
      stroke: c.ink,
    }),
    path(`M${x - 150} ${y - 70} L${x + 60} ${y - 70} L${x + 150} ${y - 170}`, {
      sw: 14,
      stroke: colour,
    }),
    segment(x - 130, y - 60, x - 130, y, { sw: 6 }),
    segment(x + 50, y - 60, x + 50, y, { sw: 6 }),
  ]);
}

export function parasol(x: number, y: number, colour: Colour = c.terracotta, h = 380) {
  return group([
    segment(x, y, x, y - h, { sw: 6 }),
    path(`M${x - 180} ${y - h + 70} Q${x} ${y - h - 90} ${x + 180} ${y - h + 70} Z`, {
      fill: colour,
    }),
    path(`M${x - 60} ${y - h + 70} Q${x} ${y - h - 60} ${x + 60} ${y - h + 70}`, { sw: 3 }),
  ]);
}

export function pool(x: number, y: number, w: number, depth = 70) {
  return group([
    rect(x - 16, y - 6, w + 32, 16, { fill: c.white }),
    rect(x, y + 10, w, depth, { fill: c.sea }),
    path(`M${x + 40} ${y + 40} q30 -14 60 0 t60 0 M${x + w * 0.55} ${y + 52} q30 -14 60 0 t60 0`, {
      stroke: c.white,
      sw: 5,
    }),
  ]);
}

export function solarPanels(x: number, y: number, count = 3) {
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const px = x + i * 170;
    parts.push(segment(px + 30, y, px + 30, y - 50, { sw: 5 }));
    parts.push(segment(px + 120, y, px + 120, y - 110, { sw: 5 }));
    parts.push(
      polygon(
        [
          [px, y - 40],
          [px + 150, y - 120],
          [px + 150, y - 100],
          [px, y - 20],
        ],
        { fill: c.inkSoft },
      ),
    );
    parts.push(
      polygon(
        [
          [px, y - 40],
          [px + 150, y - 120],
          [px + 150, y - 110],
          [px, y - 30],
        ],
        { fill: c.skyDeep, sw: 2 },
      ),
    );
  }
  return group(parts);
}

export function lamppost(x: number, y: number, h = 380, lit = false) {
  return group([
    lit ? circle(x, y - h + 20, 70, { fill: c.glow, stroke: "none", opacity: 0.7 }) : "",
    segment(x, y, x, y - h, { sw: 8 }),
    polygon(
      [
        [x - 24, y - h - 10],
        [x + 24, y - h - 10],
        [x + 16, y - h + 40],
        [x - 16, y - h + 40],
      ],
      { fill: lit ? c.glow : c.white },
    ),
    path(`M${x - 30} ${y - h - 10} L${x} ${y - h - 36} L${x + 30} ${y - h - 10} Z`, {
      fill: c.ink,
    }),
  ]);
}

export function car(x: number, y: number, colour: Colour = c.sea) {
  return group([
    path(
      `M${x} ${y - 40} L${x} ${y - 100} Q${x + 10} ${y - 110} ${x + 60} ${y - 112} L${x + 100} ${y - 170} L${x + 250} ${y - 170} L${x + 300} ${y - 112} Q${x + 360} ${y - 108} ${x + 360} ${y - 70} L${x + 360} ${y - 40} Z`,
      { fill: colour },
    ),
    polygon(
      [
        [x + 110, y - 158],
        [x + 170, y - 158],
        [x + 170, y - 112],
        [x + 80, y - 112],
      ],
      { fill: c.sky, sw: 3 },
    ),
    polygon(
      [
        [x + 185, y - 158],
        [x + 245, y - 158],
        [x + 285, y - 112],
        [x + 185, y - 112],
      ],
      { fill: c.sky, sw: 3 },
    ),
    circle(x + 80, y - 36, 36, { fill: c.ink }),
    circle(x + 280, y - 36, 36, { fill: c.ink }),
    circle(x + 80, y - 36, 12, { fill: c.stone, sw: 3 }),
    circle(x + 280, y - 36, 12, { fill: c.stone, sw: 3 }),
  ]);
}

export function lineSegments(points: [number, number][][]) {
  return group(points.map((p) => lines(p, { sw: 3 })));
}
