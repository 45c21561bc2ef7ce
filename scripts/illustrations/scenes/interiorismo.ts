/** Illustrations of the three «interiorismo» services, four each (`-1` is the main image). */
import { dimension, draftingPaper, planDoor, planSymbol, planWall } from "../drawing.ts";
import { person } from "../exterior.ts";
import {
  bed,
  books,
  chair,
  door,
  floorLamp,
  nightstand,
  pendant,
  picture,
  plant,
  room,
  rug,
  shelf,
  sofa,
  table,
  tableLamp,
  vase,
  windowArch,
  windowRect,
} from "../interior.ts";
import {
  archPath,
  palette as c,
  circle,
  ellipse,
  landscapeCanvas as L,
  path,
  polygon,
  rect,
  segment,
  spread,
  zoom,
} from "../kit.ts";

const f = 980;

/** A wall of built-in shelving and cupboards, left edge x, from y up to top. */
function builtIn(x: number, top: number, w: number, y: number, seed: number): string[] {
  const parts = [rect(x, top, w, y - top, { fill: c.wood })];
  const shelves = spread(top + 150, y - 300, 3);
  for (const [i, sy] of shelves.entries()) {
    parts.push(shelf(x + 10, sy, w - 20));
    if (i % 2 === 0) parts.push(books(x + 30, sy, Math.floor((w - 60) / 34) - 2, seed + i));
    else parts.push(vase(x + w * 0.3, sy, c.terracotta), vase(x + w * 0.7, sy, c.ochre));
  }
  parts.push(rect(x, y - 280, w, 260, { fill: c.sandDeep }));
  for (const dx of spread(x, x + w, 3).slice(1, -1))
    parts.push(segment(dx, y - 280, dx, y - 20, { sw: 3 }));
  parts.push(
    segment(x + w / 2 - 20, y - 150, x + w / 2 - 20, y - 110, { sw: 5 }),
    segment(x + w / 2 + 20, y - 150, x + w / 2 + 20, y - 110, { sw: 5 }),
  );
  return parts;
}

/** Wall-mounted smart home panel with light, blind and climate tiles. */
function smartPanel(x: number, y: number, s = 1) {
  const w = 220 * s;
  const h = 300 * s;
  return [
    rect(x, y, w, h, { fill: c.ink, rx: 22 * s }),
    rect(x + 18 * s, y + 18 * s, w - 36 * s, h - 36 * s, {
      fill: c.inkSoft,
      rx: 12 * s,
      stroke: "none",
    }),
    circle(x + 70 * s, y + 80 * s, 30 * s, { fill: c.ochre, stroke: "none" }),
    rect(x + 120 * s, y + 55 * s, 60 * s, 50 * s, { fill: c.sky, stroke: "none", rx: 6 * s }),
    rect(x + 40 * s, y + 150 * s, 140 * s, 16 * s, {
      fill: c.terracottaSoft,
      stroke: "none",
      rx: 8 * s,
    }),
    rect(x + 40 * s, y + 190 * s, 90 * s, 16 * s, { fill: c.oliveSoft, stroke: "none", rx: 8 * s }),
    circle(x + 110 * s, y + 250 * s, 16 * s, { fill: c.white, stroke: "none" }),
  ];
}

export const interiorismoScenes: Record<string, () => string[]> = {
  // --- Diseño y decoración ---------------------------------------------------------------
  "diseno-y-decoracion-de-interiores-1": () => [
    room(L, { floorY: f, wall: c.plaster, floor: c.wood, floorPattern: "boards" }),
    rect(1060, 0, 540, f - 22, { fill: c.sand, stroke: "none" }),
    path(archPath(1180, 240, 300, f - 262), { fill: c.terracottaSoft }),
    path(archPath(1220, 300, 220, f - 322), { fill: c.sandDeep, stroke: "none" }),
    plant(1330, f - 22, 0.8, "leafy"),
    picture(220, 180, 240, 300, "arch"),
    picture(500, 240, 200, 160, "sun"),
    picture(500, 430, 200, 110, "lines"),
    picture(740, 200, 200, 260, "hills"),
    zoom(560, f, 1.15, [
      rug(560, f, 760, c.ochreSoft),
      sofa(560, f, 640, c.sea),
      tableLamp(200, f - 170),
      rect(120, f - 170, 160, 150, { fill: c.wood }),
    ]),
    plant(980, f, 1.1, "tall"),
  ],
  "diseno-y-decoracion-de-interiores-2": () => {
    const t = 1060;
    const parts = [rect(0, 0, L.width, L.height, { fill: c.plaster, stroke: "none" })];
    parts.push(
      rect(0, t, L.width, L.height - t, { fill: c.wood, stroke: "none" }),
      segment(0, t, L.width, t),
    );
    // Mood board
    parts.push(rect(200, 120, 1200, 820, { fill: c.sandDeep }));
    parts.push(
      rect(260, 180, 360, 260, { fill: c.sky }),
      path(`M260 440 L400 300 L500 380 L620 260 L620 440 Z`, { fill: c.oliveSoft, stroke: "none" }),
      rect(260, 180, 360, 260, { fill: "none" }),
    );
    const swatches = [c.terracotta, c.ochre, c.olive, c.sea, c.sand];
    swatches.forEach((colour, i) => {
      parts.push(rect(680 + i * 130, 180, 110, 160, { fill: c.white }));
      parts.push(rect(680 + i * 130, 180, 110, 110, { fill: colour }));
    });
    parts.push(rect(680, 380, 300, 300, { fill: c.white }));
    for (let i = 0; i < 3; i++)
      for (let j = 0; j < 3; j++) {
        const cx = 730 + i * 100;
        const cy = 430 + j * 100;
        parts.push(circle(cx, cy, 30, { fill: (i + j) % 2 ? c.terracottaSoft : c.sky, sw: 3 }));
      }
    parts.push(rect(1020, 380, 320, 200, { fill: c.wood }));
    for (const y of spread(400, 560, 6))
      parts.push(path(`M1020 ${y} q80 -12 160 0 t160 0`, { sw: 2, stroke: c.woodDark }));
    parts.push(
      polygon(
        [
          [260, 500],
          [600, 480],
          [620, 860],
          [280, 880],
        ],
        { fill: c.terracottaSoft },
      ),
    );
    for (const y of spread(520, 840, 8))
      parts.push(segment(275, y + 10, 612, y - 8, { sw: 2, opacity: 0.5 }));
    parts.push(rect(1020, 620, 320, 260, { fill: c.white }));
    parts.push(circle(1180, 750, 90, { fill: c.glow }));
    parts.push(path(`M1130 750 L1180 700 L1230 750 L1180 800 Z`, { fill: c.ochre }));
    parts.push(...[300, 700, 1060, 1300].map((x) => circle(x, 150, 12, { fill: c.terracotta })));
    // Table with samples
    parts.push(
      rect(300, t + 40, 300, 40, { fill: c.sky, rx: 6 }),
      rect(700, t + 60, 260, 30, { fill: c.terracotta, rx: 6 }),
      ellipse(1160, t + 70, 90, 22, { fill: c.white }),
    );
    return parts;
  },
  "diseno-y-decoracion-de-interiores-3": () => [
    room(L, { floorY: f, wall: c.sand, floor: c.wood, floorPattern: "boards" }),
    rect(0, 520, L.width, 438, { fill: c.plaster, stroke: "none" }),
    segment(0, 520, L.width, 520, { sw: 4 }),
    windowArch(160, 140, 260, 520, { view: "garden" }),
    windowArch(1180, 140, 260, 520, { view: "garden" }),
    pendant(800, 0, 300, { kind: "basket" }),
    zoom(800, f, 1.15, [
      table(800, f, 640, 230),
      chair(560, f, 1, c.woodDark, c.terracottaSoft),
      chair(1040, f, -1, c.woodDark, c.terracottaSoft),
      vase(720, f - 230, c.ochre),
      ellipse(880, f - 238, 60, 12, { fill: c.white }),
    ]),
    plant(100, f, 0.9, "round"),
    plant(1500, f, 0.9, "round"),
  ],
  "diseno-y-decoracion-de-interiores-4": () => [
    room(L, { floorY: f, wall: c.plaster, floor: c.wood, floorPattern: "boards" }),
    windowRect(1080, 180, 320, 500, { view: "sky", panes: 2, curtains: c.white }),
    zoom(620, f, 1.12, [
      bed(620, f, 640, { headboard: c.olive, cover: c.white }),
      rect(300, f - 150, 640, 50, { fill: c.ochre, sw: 4 }),
      rect(360, f - 110, 520, 90, { fill: c.wood }),
      nightstand(190, f, 140),
      tableLamp(190, f - 170, { colour: c.terracotta }),
    ]),
    picture(480, 200, 280, 200, "sun"),
    plant(1500, f, 0.9, "leafy"),
  ],
  // --- Mobiliario a medida ---------------------------------------------------------------
  "mobiliario-a-medida-1": () => [
    room(L, { floorY: f, wall: c.plaster, floor: c.wood, floorPattern: "boards" }),
    ...builtIn(120, 120, 520, f - 22, 1),
    rect(640, 120, 320, 180, { fill: c.wood }),
    shelf(650, 240, 300),
    books(680, 240, 7, 3),
    door(800, f - 22, 240, 640, c.white),
    ...builtIn(960, 120, 520, f - 22, 4),
  ],
  "mobiliario-a-medida-2": () => {
    const parts = [room(L, { floorY: f, wall: c.sand, floor: c.stone })];
    // Pegboard with tools
    parts.push(rect(200, 140, 1200, 360, { fill: c.wood }));
    for (let x = 240; x < 1380; x += 40)
      for (let y = 170; y < 480; y += 40)
        parts.push(circle(x, y, 3, { fill: c.woodDark, stroke: "none" }));
    parts.push(
      path("M300 200 L300 380 M270 200 L330 200", { sw: 10 }),
      rect(280, 380, 40, 80, { fill: c.terracotta, rx: 8 }),
    );
    parts.push(
      path("M440 200 L440 440", { sw: 8 }),
      polygon(
        [
          [420, 200],
          [460, 200],
          [470, 260],
          [410, 260],
        ],
        { fill: c.inkSoft },
      ),
    );
    parts.push(circle(620, 300, 90, { fill: c.stone }), circle(620, 300, 20, { fill: c.ink }));
    for (let a = 0; a < 24; a++) {
      const r = (a / 24) * Math.PI * 2;
      parts.push(
        segment(
          620 + Math.cos(r) * 90,
          300 + Math.sin(r) * 90,
          620 + Math.cos(r) * 100,
          300 + Math.sin(r) * 100,
          { sw: 3 },
        ),
      );
    }
    parts.push(
      rect(780, 200, 300, 40, { fill: c.ochre }),
      rect(790, 240, 30, 60, { fill: c.ochre }),
    );
    parts.push(path("M1150 190 L1150 420 L1300 420", { sw: 8, stroke: c.terracotta }));
    // Bench and planks; the carpenter stands at the end of the bench.
    parts.push(rect(140, f - 340, 900, 60, { fill: c.woodDark }));
    for (const x of [180, 980]) parts.push(rect(x, f - 280, 40, 260, { fill: c.woodDark }));
    parts.push(segment(180, f - 120, 1020, f - 120, { sw: 10, stroke: c.woodDark }));
    parts.push(rect(260, f - 400, 520, 60, { fill: c.wood }));
    for (const y of [f - 385, f - 365])
      parts.push(path(`M280 ${y} q120 -10 240 0 t240 0`, { sw: 2, stroke: c.woodDark }));
    parts.push(
      rect(820, f - 420, 180, 80, { fill: c.terracotta, rx: 8 }),
      segment(860, f - 440, 960, f - 440, { sw: 8 }),
    );
    for (let i = 0; i < 4; i++)
      parts.push(
        rect(1300 + i * 50, f - 620 - i * 10, 36, 600 + i * 10, {
          fill: i % 2 ? c.wood : c.sandDeep,
        }),
      );
    parts.push(person(1150, f, { shirt: c.olive, hair: c.woodDark }));
    return parts;
  },
  "mobiliario-a-medida-3": () => [
    room(L, { floorY: f, wall: c.plaster, floor: c.wood, floorPattern: "boards" }),
    rect(140, 100, 1320, f - 122, { fill: c.white }),
    rect(540, 200, 520, 420, { fill: c.plaster }),
    windowRect(560, 220, 480, 380, { view: "sea", panes: 2 }),
    rect(520, f - 400, 560, 60, { fill: c.wood }),
    rect(540, f - 340, 520, 318, { fill: c.sandDeep }),
    ...spread(540, 1060, 4)
      .slice(1, -1)
      .map((x) => segment(x, f - 340, x, f - 22, { sw: 3 })),
    rect(560, f - 460, 480, 60, { fill: c.ochreSoft, rx: 20 }),
    rect(600, f - 520, 120, 80, { fill: c.terracottaSoft, rx: 16 }),
    rect(880, f - 520, 120, 80, { fill: c.sea, rx: 16 }),
    ...[300, 480, 660].flatMap((y, i) => [
      shelf(160, y, 360),
      books(180, y, 8, i + 2),
      shelf(1080, y, 360),
      i === 1 ? vase(1260, y) : books(1100, y, 8, i + 5),
    ]),
    ...[0, 1].map((i) => rect(160 + i * 920, f - 280, 360, 258, { fill: c.wood })),
  ],
  "mobiliario-a-medida-4": () => {
    const parts = [draftingPaper(L)];
    const [x, y, w, h] = [380, 260, 760, 640];
    parts.push(rect(x, y, w, h, { fill: c.white, sw: 5 }));
    parts.push(segment(x + w / 2, y, x + w / 2, y + h, { sw: 4 }));
    for (const sy of spread(y, y + h - 220, 4).slice(1))
      parts.push(segment(x, sy, x + w / 2, sy, { sw: 4 }));
    parts.push(
      rect(x + w / 2 + 30, y + 30, w / 2 - 60, h - 280, { fill: c.sky, sw: 3, opacity: 0.6 }),
    );
    parts.push(segment(x + w / 2 + 40, y + 60, x + w / 2 + 140, y + 30, { sw: 2 }));
    parts.push(rect(x, y + h - 220, w, 220, { fill: c.sandDeep, sw: 4 }));
    for (const dx of spread(x, x + w, 4).slice(1, -1))
      parts.push(segment(dx, y + h - 220, dx, y + h, { sw: 3 }));
    parts.push(
      path(`M${x + 40} ${y + h - 190} L${x + w / 3 - 40} ${y + h - 110} L${x + 40} ${y + h - 30}`, {
        sw: 2,
        stroke: c.inkSoft,
      }),
    );
    parts.push(
      dimension(x, y, x + w, y, 70),
      dimension(x + w, y, x + w, y + h, -70),
      dimension(x, y + h - 220, x, y + h, 60),
    );
    parts.push(rect(1230, 300, 220, 200, { fill: c.wood, sw: 3 }));
    for (const sy of spread(320, 480, 6))
      parts.push(path(`M1240 ${sy} q50 -8 100 0 t100 0`, { sw: 2, stroke: c.woodDark }));
    parts.push(rect(1230, 540, 220, 200, { fill: c.sandDeep, sw: 3 }));
    return parts;
  },
  // --- Iluminación y domótica ------------------------------------------------------------
  "iluminacion-y-domotica-1": () => [
    room(L, { floorY: f, wall: "#E4D6C3", floor: c.woodDark, floorPattern: "boards" }),
    windowRect(980, 180, 420, 460, { view: "dusk", panes: 2 }),
    rect(0, 0, L.width, 40, { fill: c.inkSoft, stroke: "none" }),
    ...[240, 520, 800].map((x) => circle(x, 40, 14, { fill: c.glow })),
    ...[240, 520, 800].map((x) =>
      polygon(
        [
          [x - 14, 50],
          [x + 14, 50],
          [x + 160, f - 30],
          [x - 160, f - 30],
        ],
        { fill: c.glow, stroke: "none", opacity: 0.35 },
      ),
    ),
    zoom(560, f, 1.1, [
      rug(560, f, 760, c.terracotta),
      sofa(560, f, 600, c.sandDeep),
      floorLamp(940, f, { lit: true }),
      tableLamp(200, f - 170, { lit: true }),
      rect(120, f - 170, 160, 150, { fill: c.wood }),
    ]),
    ...smartPanel(1200, 700, 0.8),
  ],
  "iluminacion-y-domotica-2": () => [
    room(L, { floorY: 1080, wall: c.ink, floor: c.inkSoft }),
    rect(0, 0, L.width, 1058, { fill: "#2B3746", stroke: "none" }),
    pendant(400, 0, 360, {
      kind: "dome",
      colour: c.terracotta,
      lit: true,
      glow: 0.9,
      lightTo: 858,
    }),
    pendant(800, 0, 280, { kind: "globe", lit: true, glow: 0.9, lightTo: 858 }),
    pendant(1200, 0, 400, { kind: "cone", colour: c.ochre, lit: true, glow: 0.9, lightTo: 858 }),
    table(800, 1080, 1200, 220, c.wood),
    vase(600, 860, c.ochre),
    ellipse(1000, 852, 80, 14, { fill: c.white }),
  ],
  "iluminacion-y-domotica-3": () => {
    const parts = [room(L, { floorY: f, wall: c.plaster, floor: c.wood })];
    parts.push(windowRect(120, 160, 360, 480, { view: "sky", panes: 1 }));
    parts.push(rect(100, 140, 400, 220, { fill: c.sandDeep }));
    for (const y of spread(150, 350, 10)) parts.push(segment(100, y, 500, y, { sw: 2 }));
    parts.push(pendant(1300, 0, 260, { kind: "dome", lit: true, colour: c.olive }));
    // Tablet in a hand-free stand
    parts.push(rect(600, 300, 600, 420, { fill: c.ink, rx: 30 }));
    parts.push(rect(630, 330, 540, 360, { fill: c.white, rx: 12, stroke: "none" }));
    const tiles: [number, number, string][] = [
      [660, 360, c.ochreSoft],
      [920, 360, c.sky],
      [660, 530, c.terracottaSoft],
      [920, 530, c.oliveSoft],
    ];
    for (const [x, y, fill] of tiles) parts.push(rect(x, y, 230, 140, { fill, rx: 14, sw: 3 }));
    parts.push(
      circle(720, 430, 32, { fill: c.glow, sw: 3 }),
      segment(720, 462, 720, 480, { sw: 4 }),
    );
    parts.push(
      rect(970, 390, 130, 80, { fill: c.white, sw: 3 }),
      ...spread(400, 460, 4).map((y) => segment(975, y, 1095, y, { sw: 2 })),
    );
    parts.push(
      circle(735, 600, 40, { fill: c.white, sw: 3 }),
      segment(735, 600, 760, 578, { sw: 4, stroke: c.terracotta }),
    );
    parts.push(path("M980 640 q20 -60 40 -20 q20 40 40 -20", { sw: 5, stroke: c.olive }));
    parts.push(
      polygon(
        [
          [850, 720],
          [950, 720],
          [990, f - 300],
          [810, f - 300],
        ],
        { fill: c.inkSoft },
      ),
    );
    parts.push(
      rect(640, f - 300, 520, 30, { fill: c.wood }),
      rect(680, f - 270, 440, 248, { fill: c.sandDeep }),
    );
    parts.push(plant(1420, f, 1, "leafy"));
    return parts;
  },
  "iluminacion-y-domotica-4": () => {
    const parts = [draftingPaper(L)];
    const [x0, y0, x1, y1] = [200, 180, 1400, 1000];
    parts.push(rect(x0, y0, x1 - x0, y1 - y0, { fill: c.white, stroke: "none" }));
    parts.push(rect(x0, y0, 600, 420, { fill: c.sand, stroke: "none", opacity: 0.6 }));
    parts.push(
      planWall(x0, y0, x1, y0, 28),
      planWall(x0, y1, x1, y1, 28),
      planWall(x0, y0, x0, y1, 28),
      planWall(x1, y0, x1, y1, 28),
    );
    parts.push(
      planWall(x0 + 600, y0, x0 + 600, y0 + 300),
      planWall(x0, y0 + 420, x0 + 440, y0 + 420),
      planWall(x0 + 560, y0 + 420, x1, y0 + 420),
    );
    parts.push(planWall(x0 + 820, y0 + 420, x0 + 820, y1));
    parts.push(planDoor(x0 + 440, y0 + 420, 110), planDoor(x0 + 600, y0 + 300, 110, 90));
    const points: [number, number, "light" | "blind" | "sensor" | "plug"][] = [
      [x0 + 300, y0 + 210, "light"],
      [x0 + 900, y0 + 210, "light"],
      [x0 + 420, y0 + 700, "light"],
      [x0 + 1010, y0 + 640, "light"],
      [x0 + 300, y0 + 14, "blind"],
      [x0 + 900, y0 + 14, "blind"],
      [x0 + 1010, y1 - 14, "blind"],
      [x0 + 560, y0 + 60, "sensor"],
      [x0 + 780, y0 + 560, "sensor"],
      [x0 + 60, y0 + 560, "plug"],
      [x1 - 60, y0 + 300, "plug"],
    ];
    parts.push(
      path(`M${x0 + 300} ${y0 + 210} Q${x0 + 600} ${y0 + 380} ${x0 + 900} ${y0 + 210}`, {
        sw: 2.5,
        stroke: c.terracotta,
      }),
    );
    parts.push(
      path(`M${x0 + 420} ${y0 + 700} Q${x0 + 700} ${y0 + 600} ${x0 + 1010} ${y0 + 640}`, {
        sw: 2.5,
        stroke: c.terracotta,
      }),
    );
    for (const [x, y, kind] of points) parts.push(planSymbol(x, y, kind));
    parts.push(...smartPanel(x0 + 640, y0 + 760, 0.45));
    parts.push(dimension(x0, y0, x1, y0, 80));
    return parts;
  },
};
