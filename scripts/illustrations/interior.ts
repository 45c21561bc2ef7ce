/**
 * Interior parts, drawn in elevation. Convention: `x` is the horizontal centre of the object,
 * `y` the line it stands on (floor, worktop, ceiling for lamps), unless a part says otherwise.
 */
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

export interface RoomOptions {
  wall?: Colour;
  floor?: Colour;
  floorY: number;
  /** Floor boards, tiles or plain. */
  floorPattern?: "boards" | "tiles" | "plain";
}

/** Back wall, floor and skirting: the stage of every interior. */
export function room(canvas: Canvas, o: RoomOptions): string {
  const { width, height } = canvas;
  const wall = o.wall ?? c.plaster;
  const floor = o.floor ?? c.wood;
  const parts = [
    rect(0, 0, width, o.floorY, { fill: wall, stroke: "none" }),
    rect(0, o.floorY, width, height - o.floorY, { fill: floor, stroke: "none" }),
  ];
  if (o.floorPattern === "boards") {
    for (let y = o.floorY + 40; y < height; y += 46 + (y - o.floorY) * 0.25) {
      parts.push(segment(0, y, width, y, { stroke: c.woodDark, sw: 3, opacity: 0.5 }));
    }
  } else if (o.floorPattern === "tiles") {
    for (let x = 0; x <= width; x += 120) {
      parts.push(segment(x, o.floorY, x, height, { stroke: c.ink, sw: 2, opacity: 0.25 }));
    }
    for (let y = o.floorY + 70; y < height; y += 90) {
      parts.push(segment(0, y, width, y, { stroke: c.ink, sw: 2, opacity: 0.25 }));
    }
  }
  parts.push(rect(-10, o.floorY - 22, width + 20, 22, { fill: c.white }));
  parts.push(segment(0, o.floorY, width, o.floorY));
  return group(parts);
}

export type View = "sky" | "sea" | "garden" | "city" | "dusk";

/** What a window shows: a few flat bands, clipped by the caller's frame. */
function view(kind: View, x: number, y: number, w: number, h: number): string {
  const sky = kind === "dusk" ? "#E9B98A" : c.sky;
  const parts = [rect(x, y, w, h, { fill: sky, stroke: "none" })];
  if (kind === "sea") {
    parts.push(rect(x, y + h * 0.58, w, h * 0.42, { fill: c.sea, stroke: "none" }));
    parts.push(
      circle(x + w * 0.72, y + h * 0.3, Math.min(w, h) * 0.09, {
        fill: c.ochreSoft,
        stroke: "none",
      }),
    );
  } else if (kind === "garden") {
    parts.push(
      ellipse(x + w * 0.2, y + h, w * 0.45, h * 0.4, { fill: c.oliveSoft, stroke: "none" }),
    );
    parts.push(ellipse(x + w * 0.85, y + h, w * 0.4, h * 0.55, { fill: c.olive, stroke: "none" }));
  } else if (kind === "city") {
    const roofs = [0.05, 0.3, 0.52, 0.74];
    roofs.forEach((r, i) => {
      const bh = h * (0.25 + ((i * 37) % 20) / 100);
      parts.push(
        rect(x + w * r, y + h - bh, w * 0.22, bh, {
          fill: i % 2 ? c.white : c.sand,
          stroke: "none",
        }),
      );
      parts.push(
        rect(x + w * r, y + h - bh, w * 0.22, 10, { fill: c.terracottaSoft, stroke: "none" }),
      );
    });
  } else if (kind === "dusk") {
    parts.push(rect(x, y + h * 0.62, w, h * 0.38, { fill: "#8C8FA8", stroke: "none" }));
    parts.push(
      circle(x + w * 0.3, y + h * 0.62, Math.min(w, h) * 0.12, {
        fill: c.ochreSoft,
        stroke: "none",
      }),
    );
  } else {
    parts.push(
      ellipse(x + w * 0.3, y + h * 0.35, w * 0.18, h * 0.06, { fill: c.white, stroke: "none" }),
    );
  }
  return group(parts);
}

let clipCount = 0;

/** Restart clip-path ids for each drawing, so regenerating one image leaves the others as they are. */
export function resetClipIds() {
  clipCount = 0;
}

/** Window with frame, mullions, sill and optional shutters; x,y = top-left of the opening. */
export function windowRect(
  x: number,
  y: number,
  w: number,
  h: number,
  o: { view?: View; panes?: number; shutters?: Colour; curtains?: Colour } = {},
): string {
  const id = `w${++clipCount}`;
  const panes = o.panes ?? 2;
  const parts = [
    `<clipPath id="${id}"><rect x="${x}" y="${y}" width="${w}" height="${h}"/></clipPath>`,
    group([view(o.view ?? "sky", x, y, w, h)]).replace("<g", `<g clip-path="url(#${id})"`),
    rect(x, y, w, h, { fill: "none", sw: line * 1.6 }),
  ];
  for (const px of spread(x, x + w, panes + 1).slice(1, -1)) parts.push(segment(px, y, px, y + h));
  parts.push(segment(x, y + h * 0.38, x + w, y + h * 0.38, { sw: 3 }));
  parts.push(rect(x - 18, y + h, w + 36, 16, { fill: c.white }));
  if (o.shutters) {
    for (const sx of [x - w / 2 - 8, x + w + 8]) {
      parts.push(rect(sx, y, w / 2, h, { fill: o.shutters }));
      for (let ly = y + 18; ly < y + h - 8; ly += 22) {
        parts.push(segment(sx + 10, ly, sx + w / 2 - 10, ly, { sw: 2.5 }));
      }
    }
  }
  if (o.curtains) {
    parts.push(
      path(
        `M${x - 40} ${y - 30} Q${x + 10} ${y + h / 2} ${x - 30} ${y + h + 40} L${x - 60} ${y + h + 40} L${x - 60} ${y - 30} Z`,
        { fill: o.curtains },
      ),
    );
    parts.push(
      path(
        `M${x + w + 40} ${y - 30} Q${x + w - 10} ${y + h / 2} ${x + w + 30} ${y + h + 40} L${x + w + 60} ${y + h + 40} L${x + w + 60} ${y - 30} Z`,
        { fill: o.curtains },
      ),
    );
    parts.push(segment(x - 80, y - 30, x + w + 80, y - 30, { sw: 6 }));
  }
  return group(parts);
}

/** Arched window or opening; x,y = top-left of the bounding box. */
export function windowArch(x: number, y: number, w: number, h: number, o: { view?: View } = {}) {
  const id = `a${++clipCount}`;
  return group([
    `<clipPath id="${id}"><path d="${archPath(x, y, w, h)}"/></clipPath>`,
    group([view(o.view ?? "sky", x, y, w, h)]).replace("<g", `<g clip-path="url(#${id})"`),
    path(archPath(x, y, w, h), { sw: line * 1.6 }),
    segment(x + w / 2, y, x + w / 2, y + h),
    segment(x, y + w / 2, x + w, y + w / 2, { sw: 3 }),
    rect(x - 18, y + h, w + 36, 16, { fill: c.white }),
  ]);
}

export function door(x: number, y: number, w: number, h: number, colour: Colour = c.woodDark) {
  return group([
    rect(x - w / 2, y - h, w, h, { fill: colour }),
    rect(x - w / 2 + 22, y - h + 24, w - 44, h * 0.4, { fill: "none", sw: 3 }),
    rect(x - w / 2 + 22, y - h * 0.5, w - 44, h * 0.4, { fill: "none", sw: 3 }),
    circle(x + w / 2 - 22, y - h * 0.48, 6, { fill: c.ochre, sw: 3 }),
  ]);
}

/** Potted plant; `kind` varies the silhouette so rooms do not repeat one shape. */
export function plant(x: number, y: number, size = 1, kind: "round" | "tall" | "leafy" = "leafy") {
  const s = size;
  const pot = polygon(
    [
      [x - 40 * s, y - 90 * s],
      [x + 40 * s, y - 90 * s],
      [x + 30 * s, y],
      [x - 30 * s, y],
    ],
    { fill: c.terracotta },
  );
  const parts: string[] = [];
  if (kind === "round") {
    parts.push(segment(x, y - 90 * s, x, y - 150 * s));
    parts.push(circle(x, y - 200 * s, 75 * s, { fill: c.oliveSoft }));
    parts.push(path(`M${x - 30 * s} ${y - 230 * s} q30 ${-20 * s} 60 0`, { sw: 3 }));
  } else if (kind === "tall") {
    for (const [dx, h] of [
      [-22, 300],
      [0, 380],
      [24, 320],
    ] as const) {
      parts.push(path(`M${x + dx * s} ${y - 90 * s} L${x + dx * s} ${y - h * s}`, { sw: 4 }));
      parts.push(
        ellipse(x + dx * s, y - (h - 40) * s, 26 * s, 60 * s, {
          fill: dx === 0 ? c.olive : c.oliveSoft,
        }),
      );
    }
  } else {
    const leaves: [number, number, number][] = [
      [-70, -170, -35],
      [70, -180, 35],
      [-40, -240, -15],
      [40, -250, 15],
      [0, -290, 0],
    ];
    for (const [dx, dy, rot] of leaves) {
      parts.push(segment(x, y - 90 * s, x + dx * s * 0.7, y + (dy + 40) * s, { sw: 3 }));
      parts.push(
        `<ellipse cx="${x + dx * s}" cy="${y + dy * s}" rx="${26 * s}" ry="${62 * s}" transform="rotate(${rot} ${x + dx * s} ${y + dy * s})" fill="${dx === 0 ? c.olive : c.oliveSoft}" stroke="${c.ink}" stroke-width="${line}"/>`,
      );
    }
  }
  return group([...parts, pot, segment(x - 40 * s, y - 72 * s, x + 40 * s, y - 72 * s, { sw: 3 })]);
}

/** Ceiling pendant hanging from `top` down to `y`. */
export function pendant(
  x: number,
  top: number,
  y: number,
  o: {
    kind?: "dome" | "globe" | "cone" | "basket";
    colour?: Colour;
    lit?: boolean;
    glow?: number;
    lightTo?: number;
  } = {},
) {
  const colour = o.colour ?? c.terracotta;
  const parts = [segment(x, top, x, y, { sw: 3 })];
  if (o.lit) {
    parts.push(
      polygon(
        [
          [x - 40, y + 40],
          [x + 40, y + 40],
          [x + 190, o.lightTo ?? y + 420],
          [x - 190, o.lightTo ?? y + 420],
        ],
        { fill: c.glow, stroke: "none", opacity: o.glow ?? 0.55 },
      ),
    );
  }
  const kind = o.kind ?? "dome";
  if (kind === "dome")
    parts.push(path(`M${x - 75} ${y + 60} A75 70 0 0 1 ${x + 75} ${y + 60} Z`, { fill: colour }));
  if (kind === "globe") parts.push(circle(x, y + 45, 45, { fill: o.lit ? c.glow : c.white }));
  if (kind === "cone")
    parts.push(
      polygon(
        [
          [x - 18, y],
          [x + 18, y],
          [x + 60, y + 80],
          [x - 60, y + 80],
        ],
        { fill: colour },
      ),
    );
  if (kind === "basket") {
    parts.push(
      path(`M${x - 90} ${y + 70} Q${x} ${y - 40} ${x + 90} ${y + 70} Z`, { fill: c.wood }),
    );
    for (const dx of [-45, 0, 45])
      parts.push(segment(x + dx * 0.5, y + 10, x + dx, y + 70, { sw: 2.5 }));
  }
  if (kind !== "globe")
    parts.push(
      ellipse(x, y + (kind === "cone" ? 80 : kind === "basket" ? 70 : 60), 18, 8, {
        fill: o.lit ? c.glow : c.white,
        sw: 3,
      }),
    );
  return group(parts);
}

export function floorLamp(x: number, y: number, o: { lit?: boolean; colour?: Colour } = {}) {
  return group([
    o.lit
      ? polygon(
          [
            [x - 40, y - 300],
            [x + 40, y - 300],
            [x + 140, y],
            [x - 140, y],
          ],
          { fill: c.glow, stroke: "none", opacity: 0.5 },
        )
      : "",
    segment(x, y, x, y - 320),
    ellipse(x, y - 4, 50, 10, { fill: c.ink, stroke: "none" }),
    polygon(
      [
        [x - 45, y - 400],
        [x + 45, y - 400],
        [x + 70, y - 310],
        [x - 70, y - 310],
      ],
      { fill: o.colour ?? c.white },
    ),
  ]);
}

/** Table lamp standing on a surface at `y`. */
export function tableLamp(x: number, y: number, o: { lit?: boolean; colour?: Colour } = {}) {
  return group([
    o.lit ? circle(x, y - 95, 90, { fill: c.glow, stroke: "none", opacity: 0.6 }) : "",
    path(
      `M${x - 28} ${y} Q${x - 34} ${y - 55} ${x} ${y - 70} Q${x + 34} ${y - 55} ${x + 28} ${y} Z`,
      { fill: o.colour ?? c.terracottaSoft },
    ),
    polygon(
      [
        [x - 38, y - 140],
        [x + 38, y - 140],
        [x + 52, y - 80],
        [x - 52, y - 80],
      ],
      { fill: c.white },
    ),
  ]);
}

export function sofa(
  x: number,
  y: number,
  w = 560,
  colour: Colour = c.sandDeep,
  o: { covered?: boolean } = {},
) {
  const left = x - w / 2;
  if (o.covered) {
    return group([
      path(
        `M${left - 10} ${y} L${left} ${y - 200} Q${left + 20} ${y - 250} ${left + 80} ${y - 245} Q${x} ${y - 270} ${left + w - 80} ${y - 245} Q${left + w - 20} ${y - 250} ${left + w} ${y - 200} L${left + w + 10} ${y} Z`,
        { fill: c.white },
      ),
      path(`M${left + 80} ${y - 200} Q${x - 60} ${y - 150} ${x - 40} ${y - 40}`, { sw: 3 }),
      path(`M${left + w - 70} ${y - 210} Q${x + 80} ${y - 120} ${x + 120} ${y - 10}`, { sw: 3 }),
    ]);
  }
  return group([
    rect(left + 40, y - 250, w - 80, 130, { fill: colour, rx: 26 }),
    rect(left + 40, y - 140, w - 80, 80, { fill: colour, rx: 14 }),
    segment(x, y - 140, x, y - 60, { sw: 3 }),
    rect(left, y - 190, 70, 150, { fill: colour, rx: 28 }),
    rect(left + w - 70, y - 190, 70, 150, { fill: colour, rx: 28 }),
    rect(left + 80, y - 230, 100, 80, { fill: c.ochreSoft, rx: 18 }),
    segment(left + 40, y - 40, left + 40, y),
    segment(left + w - 40, y - 40, left + w - 40, y),
    segment(left + 10, y - 40, left + w - 10, y - 40),
  ]);
}

export function armchair(x: number, y: number, colour: Colour = c.terracottaSoft) {
  return group([
    rect(x - 110, y - 260, 220, 150, { fill: colour, rx: 40 }),
    rect(x - 130, y - 170, 260, 110, { fill: colour, rx: 30 }),
    segment(x - 100, y - 60, x - 110, y),
    segment(x + 100, y - 60, x + 110, y),
  ]);
}

export function table(x: number, y: number, w = 420, h = 210, colour: Colour = c.wood) {
  return group([
    rect(x - w / 2, y - h, w, 22, { fill: colour }),
    segment(x - w / 2 + 40, y - h + 22, x - w / 2 + 30, y),
    segment(x + w / 2 - 40, y - h + 22, x + w / 2 - 30, y),
  ]);
}

export function roundTable(x: number, y: number, w = 300) {
  return group([
    rect(x - w / 2, y - 210, w, 20, { fill: c.wood, rx: 10 }),
    segment(x, y - 190, x, y - 10),
    ellipse(x, y - 6, 70, 10, { fill: c.ink, stroke: "none" }),
  ]);
}

/** Chair in side view; `facing` 1 looks right, -1 left. */
export function chair(
  x: number,
  y: number,
  facing: 1 | -1 = 1,
  colour: Colour = c.woodDark,
  seat?: Colour,
) {
  const back = x - facing * 55;
  return group([
    segment(back, y, back, y - 300, { sw: 8, stroke: colour }),
    segment(x + facing * 55, y, x + facing * 55, y - 130, { sw: 8, stroke: colour }),
    rect(x - 65, y - 140, 130, 20, { fill: seat ?? colour, rx: 6 }),
    seat ? rect(back - 14, y - 300, 28, 130, { fill: seat, rx: 10 }) : "",
  ]);
}

export function stool(x: number, y: number, h = 260) {
  return group([
    segment(x - 40, y, x - 25, y - h),
    segment(x + 40, y, x + 25, y - h),
    segment(x - 33, y - h * 0.35, x + 33, y - h * 0.35, { sw: 4 }),
    rect(x - 50, y - h - 20, 100, 24, { fill: c.terracotta, rx: 10 }),
  ]);
}

export function bed(x: number, y: number, w = 640, o: { headboard?: Colour; cover?: Colour } = {}) {
  const left = x - w / 2;
  return group([
    rect(left - 20, y - 380, w + 40, 300, { fill: o.headboard ?? c.wood, rx: 24 }),
    rect(left, y - 180, w, 130, { fill: c.white }),
    rect(left + 40, y - 250, w / 2 - 60, 80, { fill: c.white, rx: 26 }),
    rect(x + 20, y - 250, w / 2 - 60, 80, { fill: c.white, rx: 26 }),
    path(
      `M${left - 10} ${y - 150} L${left + w + 10} ${y - 150} L${left + w + 10} ${y - 40} L${left - 10} ${y - 40} Z`,
      { fill: o.cover ?? c.sandDeep },
    ),
    segment(left - 10, y - 120, left + w + 10, y - 120, { sw: 3 }),
    segment(left + 10, y - 40, left + 10, y),
    segment(left + w - 10, y - 40, left + w - 10, y),
  ]);
}

export function nightstand(x: number, y: number, w = 150) {
  return group([
    rect(x - w / 2, y - 170, w, 150, { fill: c.wood }),
    segment(x - w / 2, y - 95, x + w / 2, y - 95, { sw: 3 }),
    segment(x - 15, y - 130, x + 15, y - 130, { sw: 4 }),
    segment(x - w / 2 + 12, y - 20, x - w / 2 + 12, y),
    segment(x + w / 2 - 12, y - 20, x + w / 2 - 12, y),
  ]);
}

export function rug(x: number, y: number, w = 700, colour: Colour = c.terracottaSoft) {
  return group([
    ellipse(x, y + 40, w / 2, 38, { fill: colour }),
    ellipse(x, y + 40, w / 2 - 40, 22, { fill: "none", sw: 3 }),
  ]);
}

/** Framed picture; x,y = top-left. */
export function picture(
  x: number,
  y: number,
  w: number,
  h: number,
  art: "arch" | "sun" | "hills" | "lines" = "sun",
) {
  const inner: string[] = [rect(x, y, w, h, { fill: c.white, sw: line * 1.4 })];
  const cx = x + w / 2;
  if (art === "sun") {
    inner.push(circle(cx, y + h * 0.45, Math.min(w, h) * 0.22, { fill: c.ochre, stroke: "none" }));
    inner.push(rect(x + 14, y + h * 0.62, w - 28, h * 0.38 - 14, { fill: c.sea, stroke: "none" }));
  } else if (art === "arch") {
    inner.push(
      path(archPath(cx - w * 0.22, y + h * 0.2, w * 0.44, h * 0.65), {
        fill: c.terracottaSoft,
        stroke: "none",
      }),
    );
  } else if (art === "hills") {
    inner.push(
      path(
        `M${x + 14} ${y + h - 14} Q${x + w * 0.35} ${y + h * 0.35} ${x + w * 0.6} ${y + h * 0.7} T${x + w - 14} ${y + h * 0.5} L${x + w - 14} ${y + h - 14} Z`,
        { fill: c.oliveSoft, stroke: "none" },
      ),
    );
  } else {
    for (const ly of spread(y + h * 0.25, y + h * 0.75, 4)) {
      inner.push(segment(x + w * 0.2, ly, x + w * 0.8, ly, { stroke: c.terracotta, sw: 6 }));
    }
  }
  return group(inner);
}

/** Books on a shelf at `y`, starting at `x` (left), each with its own height and colour. */
export function books(x: number, y: number, count: number, seed = 1) {
  const colours = [c.terracotta, c.ochre, c.olive, c.sea, c.sandDeep, c.white];
  const parts: string[] = [];
  let bx = x;
  for (let i = 0; i < count; i++) {
    const h = 70 + ((i * 37 + seed * 13) % 45);
    const w = 22 + ((i * 11 + seed) % 14);
    parts.push(rect(bx, y - h, w, h, { fill: colours[(i + seed) % colours.length], sw: 3 }));
    bx += w + 2;
  }
  return group(parts);
}

export function shelf(x: number, y: number, w: number) {
  return rect(x, y, w, 16, { fill: c.wood, sw: 4 });
}

export function vase(x: number, y: number, colour: Colour = c.terracotta) {
  return group([
    path(
      `M${x - 16} ${y} Q${x - 36} ${y - 40} ${x - 12} ${y - 70} L${x + 12} ${y - 70} Q${x + 36} ${y - 40} ${x + 16} ${y} Z`,
      { fill: colour, sw: 4 },
    ),
    path(`M${x} ${y - 70} Q${x - 20} ${y - 120} ${x - 40} ${y - 140}`, { sw: 3 }),
    path(`M${x} ${y - 70} Q${x + 10} ${y - 130} ${x + 30} ${y - 150}`, { sw: 3 }),
    circle(x - 40, y - 140, 9, { fill: c.oliveSoft, sw: 3 }),
    circle(x + 30, y - 150, 9, { fill: c.oliveSoft, sw: 3 }),
  ]);
}

// --- Kitchen -------------------------------------------------------------------------------

/** Base cabinets with worktop; x = left edge, y = floor. Height 300, worktop at y-300. */
export function kitchenBase(
  x: number,
  y: number,
  w: number,
  colour: Colour = c.terracotta,
  doors = Math.round(w / 170),
) {
  const parts = [
    rect(x, y - 280, w, 250, { fill: colour }),
    rect(x, y - 30, w, 30, { fill: c.ink, stroke: "none" }),
  ];
  for (const dx of spread(x, x + w, doors + 1).slice(1, -1))
    parts.push(segment(dx, y - 280, dx, y - 30, { sw: 3 }));
  for (const [i, dx] of spread(x, x + w, doors + 1)
    .slice(0, -1)
    .entries()) {
    const dw = w / doors;
    parts.push(
      segment(dx + dw / 2 - 24, y - 250, dx + dw / 2 + 24, y - 250, {
        sw: 5,
        stroke: i % 2 ? c.ink : c.ink,
      }),
    );
  }
  parts.push(rect(x - 12, y - 310, w + 24, 30, { fill: c.white }));
  return group(parts);
}

/** Wall cabinets; x = left, y = their bottom edge. */
export function wallCabinets(x: number, y: number, w: number, h = 220, colour: Colour = c.white) {
  const doors = Math.max(1, Math.round(w / 160));
  const parts = [rect(x, y - h, w, h, { fill: colour })];
  for (const dx of spread(x, x + w, doors + 1).slice(1, -1))
    parts.push(segment(dx, y - h, dx, y, { sw: 3 }));
  for (const dx of spread(x, x + w, doors + 1).slice(0, -1)) {
    parts.push(
      segment(dx + w / doors / 2 - 20, y - 24, dx + w / doors / 2 + 20, y - 24, { sw: 5 }),
    );
  }
  return group(parts);
}

/** Backsplash tiles between worktop (y) and a top edge; x = left. */
export function tiles(
  x: number,
  top: number,
  w: number,
  h: number,
  size = 60,
  colour: Colour = c.white,
  accent?: Colour,
) {
  const parts = [rect(x, top, w, h, { fill: colour, stroke: "none" })];
  let row = 0;
  for (let ty = top; ty < top + h - 1; ty += size) {
    let col = 0;
    for (let tx = x; tx < x + w - 1; tx += size) {
      if (accent && (row + col) % 3 === 0) {
        parts.push(
          rect(tx + 6, ty + 6, Math.min(size, x + w - tx) - 12, Math.min(size, top + h - ty) - 12, {
            fill: accent,
            stroke: "none",
            opacity: 0.55,
          }),
        );
      }
      col++;
    }
    row++;
  }
  for (let tx = x + size; tx < x + w; tx += size)
    parts.push(segment(tx, top, tx, top + h, { sw: 2, opacity: 0.5 }));
  for (let ty = top + size; ty < top + h; ty += size)
    parts.push(segment(x, ty, x + w, ty, { sw: 2, opacity: 0.5 }));
  parts.push(rect(x, top, w, h, { fill: "none", sw: 3 }));
  return group(parts);
}

export function hood(x: number, y: number, w = 220) {
  return group([
    rect(x - 40, y - 260, 80, 160, { fill: c.stone }),
    polygon(
      [
        [x - 40, y - 100],
        [x + 40, y - 100],
        [x + w / 2, y - 20],
        [x - w / 2, y - 20],
      ],
      { fill: c.stone },
    ),
    rect(x - w / 2, y - 20, w, 20, { fill: c.inkSoft }),
  ]);
}

export function cooktop(x: number, y: number) {
  return group([
    rect(x - 110, y - 12, 220, 12, { fill: c.ink, stroke: "none" }),
    ellipse(x - 50, y - 14, 32, 5, { fill: c.terracottaSoft, stroke: "none" }),
    ellipse(x + 50, y - 14, 32, 5, { fill: c.terracottaSoft, stroke: "none" }),
  ]);
}

export function tap(x: number, y: number) {
  return group([
    path(
      `M${x} ${y} L${x} ${y - 90} Q${x} ${y - 120} ${x + 30} ${y - 120} Q${x + 55} ${y - 120} ${x + 55} ${y - 90}`,
      { sw: 8, stroke: c.ink },
    ),
    segment(x - 30, y - 2, x + 90, y - 2, { sw: 5 }),
  ]);
}

export function pot(x: number, y: number, colour: Colour = c.terracotta) {
  return group([
    rect(x - 50, y - 60, 100, 60, { fill: colour, rx: 8 }),
    segment(x - 66, y - 50, x - 50, y - 50, { sw: 6 }),
    segment(x + 50, y - 50, x + 66, y - 50, { sw: 6 }),
    rect(x - 56, y - 70, 112, 12, { fill: c.inkSoft, rx: 6 }),
  ]);
}

export function herbs(x: number, y: number) {
  return group([
    rect(x - 30, y - 50, 60, 50, { fill: c.terracotta }),
    ...[-18, 0, 18].map((dx) =>
      ellipse(x + dx, y - 80, 16, 34, { fill: dx === 0 ? c.olive : c.oliveSoft }),
    ),
  ]);
}

export function jars(x: number, y: number) {
  return group([
    rect(x, y - 80, 50, 80, { fill: c.sky, rx: 10 }),
    rect(x + 60, y - 110, 50, 110, { fill: c.sky, rx: 10 }),
    rect(x + 2, y - 92, 46, 14, { fill: c.wood, rx: 4, sw: 3 }),
    rect(x + 62, y - 122, 46, 14, { fill: c.wood, rx: 4, sw: 3 }),
  ]);
}

// --- Bathroom ------------------------------------------------------------------------------

export function bathtub(x: number, y: number, w = 560) {
  const left = x - w / 2;
  return group([
    path(
      `M${left} ${y - 240} L${left + w} ${y - 240} Q${left + w} ${y - 40} ${left + w - 120} ${y - 40} L${left + 120} ${y - 40} Q${left} ${y - 40} ${left} ${y - 240} Z`,
      { fill: c.white },
    ),
    segment(left - 10, y - 240, left + w + 10, y - 240, { sw: 8 }),
    path(`M${left + 130} ${y - 40} L${left + 110} ${y}`, { sw: 8 }),
    path(`M${left + w - 130} ${y - 40} L${left + w - 110} ${y}`, { sw: 8 }),
    path(
      `M${left + w - 60} ${y - 240} L${left + w - 60} ${y - 340} Q${left + w - 60} ${y - 370} ${left + w - 95} ${y - 370} L${left + w - 110} ${y - 370}`,
      { sw: 7 },
    ),
  ]);
}

/** Walk-in shower: tiled niche, glass screen and rain head; x = left, y = floor. */
export function shower(x: number, y: number, w = 420, h = 760) {
  return group([
    tiles(x, y - h, w, h, 70, c.sky),
    segment(x + w - 80, y - h + 40, x + w - 80, y - h + 120, { sw: 6 }),
    segment(x + w - 80, y - h + 40, x + w - 170, y - h + 40, { sw: 6 }),
    rect(x + w - 220, y - h + 40, 100, 16, { fill: c.inkSoft, rx: 6 }),
    ...[0, 1, 2, 3, 4].map((i) =>
      segment(x + w - 210 + i * 20, y - h + 80, x + w - 215 + i * 20, y - h + 220, {
        stroke: c.sea,
        sw: 3,
        opacity: 0.8,
      }),
    ),
    rect(x - 10, y - h + 60, 14, h - 60, { fill: c.ink, stroke: "none" }),
    rect(x + 4, y - h + 60, w * 0.55, h - 60, {
      fill: c.skyDeep,
      stroke: c.ink,
      sw: 3,
      opacity: 0.35,
    }),
    segment(x + 40, y - h + 140, x + 100, y - h + 80, { stroke: c.white, sw: 6 }),
    rect(x - 10, y - 14, w + 20, 14, { fill: c.stone }),
  ]);
}

export function vanity(x: number, y: number, w = 420, colour: Colour = c.wood) {
  const left = x - w / 2;
  return group([
    rect(left, y - 420, w, 150, { fill: colour }),
    segment(x, y - 420, x, y - 270, { sw: 3 }),
    segment(x - 50, y - 345, x - 20, y - 345, { sw: 5 }),
    segment(x + 20, y - 345, x + 50, y - 345, { sw: 5 }),
    rect(left - 10, y - 440, w + 20, 22, { fill: c.white }),
    ellipse(x, y - 452, 90, 16, { fill: c.white }),
    path(`M${x + 60} ${y - 458} L${x + 60} ${y - 520} L${x + 20} ${y - 520}`, { sw: 6 }),
  ]);
}

export function roundMirror(x: number, cy: number, r = 130) {
  return group([
    circle(x, cy, r, { fill: c.sky, sw: line * 1.6 }),
    path(`M${x - r * 0.5} ${cy - r * 0.1} L${x - r * 0.1} ${cy - r * 0.5}`, {
      stroke: c.white,
      sw: 8,
    }),
    path(`M${x - r * 0.45} ${cy + r * 0.15} L${x + r * 0.15} ${cy - r * 0.45}`, {
      stroke: c.white,
      sw: 5,
    }),
  ]);
}

export function toilet(x: number, y: number) {
  return group([
    rect(x - 40, y - 420, 110, 150, { fill: c.white, rx: 10 }),
    path(
      `M${x - 80} ${y - 270} L${x + 110} ${y - 270} Q${x + 110} ${y - 170} ${x + 30} ${y - 150} L${x + 20} ${y} L${x - 40} ${y} L${x - 50} ${y - 150} Q${x - 80} ${y - 170} ${x - 80} ${y - 270} Z`,
      { fill: c.white },
    ),
    segment(x - 90, y - 272, x + 120, y - 272, { sw: 8 }),
  ]);
}

export function towel(x: number, y: number, colour: Colour = c.terracottaSoft) {
  return group([
    segment(x - 80, y, x + 80, y, { sw: 8 }),
    rect(x - 60, y, 120, 180, { fill: colour, rx: 6 }),
    segment(x - 60, y + 150, x + 60, y + 150, { sw: 3 }),
  ]);
}

// --- Work in progress ----------------------------------------------------------------------

export function ladder(x: number, y: number, h = 520) {
  const parts = [
    lines(
      [
        [x - 90, y],
        [x - 30, y - h],
        [x + 30, y - h],
        [x + 90, y],
      ],
      { fill: "none", sw: 8, stroke: c.ochre },
    ),
    lines(
      [
        [x - 90, y],
        [x - 30, y - h],
        [x + 30, y - h],
        [x + 90, y],
      ],
      { fill: "none", sw: 2 },
    ),
  ];
  for (let i = 1; i < 6; i++) {
    const t = i / 6;
    const yy = y - h * t;
    const half = 90 - 60 * t;
    parts.push(segment(x - half, yy, x - half + 30, yy, { sw: 6 }));
  }
  parts.push(rect(x - 40, y - h - 10, 80, 22, { fill: c.ochre }));
  return group(parts);
}

export function bucket(
  x: number,
  y: number,
  colour: Colour = c.white,
  paint: Colour = c.terracotta,
) {
  return group([
    polygon(
      [
        [x - 55, y - 110],
        [x + 55, y - 110],
        [x + 45, y],
        [x - 45, y],
      ],
      { fill: colour },
    ),
    ellipse(x, y - 110, 55, 12, { fill: paint }),
    path(`M${x - 55} ${y - 110} Q${x} ${y - 190} ${x + 55} ${y - 110}`, { sw: 3 }),
  ]);
}

export function roller(x: number, y: number, h = 260, colour: Colour = c.sand) {
  return group([
    segment(x, y, x, y - h, { sw: 8 }),
    path(`M${x} ${y - h} L${x + 50} ${y - h} L${x + 50} ${y - h - 40}`, { sw: 5 }),
    rect(x - 20, y - h - 80, 140, 48, { fill: colour, rx: 20 }),
  ]);
}

export function dropCloth(x: number, y: number, w: number) {
  return path(
    `M${x - w / 2} ${y + 10} Q${x - w / 4} ${y - 14} ${x} ${y + 8} T${x + w / 2} ${y + 6} L${x + w / 2} ${y + 60} L${x - w / 2} ${y + 60} Z`,
    { fill: c.white, sw: 3 },
  );
}

export function toolbox(x: number, y: number) {
  return group([
    rect(x - 90, y - 90, 180, 90, { fill: c.terracotta, rx: 8 }),
    path(`M${x - 40} ${y - 90} L${x - 40} ${y - 120} L${x + 40} ${y - 120} L${x + 40} ${y - 90}`, {
      sw: 6,
    }),
    segment(x - 90, y - 55, x + 90, y - 55, { sw: 3 }),
  ]);
}

export function spiritLevel(x: number, y: number, w = 300) {
  return group([
    rect(x - w / 2, y - 30, w, 30, { fill: c.ochre }),
    rect(x - 28, y - 24, 56, 18, { fill: c.oliveSoft, sw: 3, rx: 8 }),
  ]);
}
