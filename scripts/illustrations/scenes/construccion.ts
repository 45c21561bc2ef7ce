/** Illustrations of the three «construcción» services, four each (`-1` is the main image). */
import { dimension, draftingPaper } from "../drawing.ts";
import {
  awning,
  bricks,
  bush,
  car,
  cone,
  crane,
  cypress,
  facade,
  lamppost,
  mixerTruck,
  oliveTree,
  outdoors,
  palm,
  person,
  scaffold,
  skyline,
} from "../exterior.ts";
import {
  chair,
  ladder,
  pendant,
  picture,
  plant,
  room,
  roundTable,
  table,
  vase,
  windowArch,
  windowRect,
} from "../interior.ts";
import {
  archPath,
  palette as c,
  circle,
  landscapeCanvas as L,
  path,
  polygon,
  rect,
  segment,
  spread,
  zoom,
} from "../kit.ts";
import { frameHouse } from "./site.ts";

/** A modern single-family house: two offset white volumes, wood cladding, big glazing. */
function modernHouse(x: number, g: number): string[] {
  return [
    rect(x, g - 300, 760, 300, { fill: c.white }),
    rect(x + 300, g - 620, 640, 320, { fill: c.white }),
    rect(x + 280, g - 640, 680, 24, { fill: c.ink, stroke: "none" }),
    rect(x - 20, g - 320, 800, 22, { fill: c.ink, stroke: "none" }),
    windowRect(x + 60, g - 260, 360, 240, { view: "garden", panes: 3 }),
    rect(x + 480, g - 280, 220, 280, { fill: c.wood }),
    ...spread(x + 500, x + 680, 6).map((sx) => segment(sx, g - 270, sx, g - 10, { sw: 3 })),
    windowRect(x + 360, g - 560, 420, 200, { view: "sky", panes: 4 }),
    rect(x + 820, g - 590, 90, 260, { fill: c.terracottaSoft }),
    rect(x + 300, g - 320, 640, 14, { fill: c.stone, stroke: "none" }),
  ];
}

/** An old city building with ornate mouldings, wrought-iron balconies and a cornice. */
function classicBuilding(
  x: number,
  g: number,
  w: number,
  o: { shabby?: boolean; wall?: string } = {},
) {
  return facade(x, g, w, {
    floors: 5,
    bays: 4,
    floorHeight: 180,
    balconies: true,
    ornate: true,
    shutters: o.shabby ? c.stone : c.olive,
    shop: true,
    roof: "flat",
    wall: o.wall ?? (o.shabby ? c.sandDeep : c.ochreSoft),
    shabby: o.shabby,
  });
}

export const construccionScenes: Record<string, () => string[]> = {
  // --- Viviendas -------------------------------------------------------------------------
  "construccion-de-viviendas-1": () => {
    const g = 940;
    return [
      outdoors(L, g, { sun: [1380, 180], hills: true, ground: c.oliveSoft }),
      zoom(800, g, 1.05, modernHouse(280, g)),
      rect(0, g, L.width, 40, { fill: c.stone, stroke: "none" }),
      segment(0, g + 40, L.width, g + 40, { sw: 3 }),
      oliveTree(170, g, 1.1),
      cypress(1400, g, 1.2),
      cypress(1500, g, 1),
      bush(1180, g, 180),
    ];
  },
  "construccion-de-viviendas-2": () => {
    const g = 1000;
    return [
      outdoors(L, g, { sun: [300, 180] }),
      crane(1180, g, 860, -760),
      ...frameHouse(320, g, 720),
      scaffold(280, g, 160, g - 520, { levels: 2 }),
      mixerTruck(1080, g + 110),
      person(760, g - 260, { helmet: true, shirt: c.terracotta, armUp: true, s: 0.7 }),
      bricks(120, g + 120, 3, 4),
      cone(500, g + 130),
    ];
  },
  "construccion-de-viviendas-3": () => {
    const g = 960;
    const parts = [draftingPaper(L)];
    parts.push(segment(120, g, 1480, g, { sw: 4 }));
    parts.push(rect(340, g - 560, 920, 560, { fill: c.white, sw: 5 }));
    parts.push(
      polygon(
        [
          [300, g - 560],
          [800, g - 820],
          [1300, g - 560],
        ],
        { fill: c.terracottaSoft, sw: 5 },
      ),
    );
    for (const [x, y] of [
      [420, g - 480],
      [1020, g - 480],
      [420, g - 220],
      [1020, g - 220],
    ] as const) {
      parts.push(rect(x, y, 160, 170, { fill: c.sky, sw: 4 }));
      parts.push(segment(x + 80, y, x + 80, y + 170, { sw: 2 }));
    }
    parts.push(path(archPath(720, g - 300, 160, 300), { fill: c.wood, sw: 4 }));
    parts.push(segment(340, g - 280, 1260, g - 280, { sw: 2, stroke: c.inkSoft }));
    parts.push(dimension(340, g, 1260, g, -90));
    parts.push(dimension(1260, g, 1260, g - 560, -110));
    parts.push(dimension(340, g - 560, 340, g, 110));
    parts.push(circle(800, g - 650, 30, { fill: c.white, sw: 3 }));
    return parts;
  },
  "construccion-de-viviendas-4": () => {
    const g = 920;
    const parts = [outdoors(L, g, { sun: [1420, 160], ground: c.oliveSoft })];
    const colours = [c.white, c.plaster, c.white, c.plaster];
    for (let i = 0; i < 4; i++) {
      const x = 80 + i * 360;
      const h = facade(x, g, 360, {
        floors: 2,
        bays: 2,
        floorHeight: 230,
        roof: "tiles",
        shutters: i % 2 ? c.sea : c.olive,
        door: true,
        wall: colours[i],
      });
      parts.push(h.svg);
    }
    parts.push(rect(0, g, L.width, 60, { fill: c.stone, stroke: "none" }));
    parts.push(segment(0, g + 60, L.width, g + 60, { sw: 3 }));
    for (let i = 0; i < 4; i++) {
      const x = 80 + i * 360;
      parts.push(segment(x, g + 60, x, g + 280, { sw: 4 }));
      parts.push(bush(x + 100, g + 230, 130, i % 2 ? c.olive : c.oliveSoft));
      parts.push(plant(x + 270, g + 240, 0.6, "round"));
    }
    parts.push(lamppost(1520, g + 60, 360));
    return parts;
  },
  // --- Rehabilitación de edificios -------------------------------------------------------
  "rehabilitacion-de-edificios-1": () => {
    const g = 1080;
    const block = classicBuilding(300, g, 1000, { shabby: true });
    return [
      outdoors(L, g, { sun: [1440, 150] }),
      skyline(L, g, 9),
      block.svg,
      scaffold(280, g, 1040, block.top - 60, { net: true, levels: 5 }),
      crane(1460, g, 1000, -420),
      person(520, g - 720, { helmet: true, shirt: c.terracotta, armUp: true, s: 0.6 }),
      person(1040, g - 360, { helmet: true, shirt: c.sea, s: 0.6 }),
      cone(180, g + 80),
    ];
  },
  "rehabilitacion-de-edificios-2": () => {
    const g = 1080;
    return [
      outdoors(L, g, { sun: [1440, 150] }),
      `<clipPath id="before"><rect x="0" y="0" width="800" height="1200"/></clipPath>`,
      `<g clip-path="url(#before)">${classicBuilding(200, g, 1200, { shabby: true }).svg}</g>`,
      `<clipPath id="after"><rect x="800" y="0" width="800" height="1200"/></clipPath>`,
      `<g clip-path="url(#after)">${classicBuilding(200, g, 1200, {}).svg}</g>`,
      segment(800, 60, 800, g + 60, { sw: 6, stroke: c.terracotta }),
      circle(800, 110, 40, { fill: c.terracotta }),
      path(
        "M780 110 l-12 0 m-6 0 l12 -10 m-12 10 l12 10 M820 110 l12 0 m6 0 l-12 -10 m12 10 l-12 10",
        { stroke: c.white, sw: 5 },
      ),
    ];
  },
  "rehabilitacion-de-edificios-3": () => {
    const f = 1120;
    const parts = [room(L, { floorY: f, wall: c.plaster, floor: c.stone })];
    // Stair flights rising around the lift shaft
    for (let flight = 0; flight < 3; flight++) {
      const base = f - flight * 340;
      const leftToRight = flight % 2 === 0;
      const steps: [number, number][] = [];
      for (let i = 0; i <= 8; i++) {
        const x = leftToRight ? 120 + i * 50 : 520 - i * 50;
        steps.push([x, base - i * 40], [x + (leftToRight ? 50 : -50), base - i * 40]);
      }
      parts.push(path(`M${steps.map(([x, y]) => `${x} ${y}`).join(" L")}`, { sw: 5 }));
      parts.push(
        segment(leftToRight ? 120 : 570, base - 100, leftToRight ? 570 : 120, base - 100 - 320, {
          sw: 5,
          stroke: c.woodDark,
        }),
      );
      parts.push(rect(60, base - 340 - 10, 560, 20, { fill: c.stone, sw: 4 }));
    }
    parts.push(rect(700, 100, 460, f - 100, { fill: c.sandDeep }));
    parts.push(rect(760, f - 420, 340, 400, { fill: c.stone }));
    parts.push(rect(770, f - 410, 155, 390, { fill: c.white, sw: 4 }));
    parts.push(rect(935, f - 410, 155, 390, { fill: c.white, sw: 4 }));
    parts.push(rect(760, 260, 340, 360, { fill: c.sky, sw: 4 }));
    parts.push(rect(780, 300, 300, 300, { fill: c.white, sw: 4 }));
    parts.push(segment(930, 100, 930, 300, { sw: 3 }));
    parts.push(rect(1180, f - 520, 90, 120, { fill: c.white, sw: 3 }));
    parts.push(circle(1225, f - 480, 14, { fill: c.ochre, sw: 3 }));
    parts.push(circle(1225, f - 440, 14, { fill: c.white, sw: 3 }));
    parts.push(plant(1400, f, 1, "tall"));
    parts.push(windowArch(1300, 160, 200, 380, { view: "city" }));
    return parts;
  },
  "rehabilitacion-de-edificios-4": () => {
    const g = 1060;
    const block = classicBuilding(220, g, 1160, { wall: c.ochreSoft });
    return [
      outdoors(L, g, { sun: [240, 170] }),
      block.svg,
      ...[0, 1, 2, 3].map((i) =>
        awning(250 + i * 290, g - 190 + 14, 230, i % 2 ? c.olive : c.terracotta),
      ),
      lamppost(140, g, 420),
      lamppost(1460, g, 420),
      palm(1520, g, 0.9),
    ];
  },
  // --- Locales comerciales (obra nueva) --------------------------------------------------
  "construccion-de-locales-comerciales-1": () => {
    const g = 1000;
    return [
      outdoors(L, g, { sun: [1400, 160], ground: c.stone }),
      rect(140, 260, 1320, g - 260, { fill: c.white }),
      rect(140, 260, 1320, 120, { fill: c.ink, stroke: "none" }),
      ...spread(300, 1300, 5).map((x) =>
        rect(x - 60, 300, 120, 40, { fill: c.white, stroke: "none", rx: 6 }),
      ),
      rect(200, 440, 1200, g - 440, { fill: c.sky }),
      ...spread(200, 1400, 6)
        .slice(1, -1)
        .map((x) => segment(x, 440, x, g, { sw: 4 })),
      path("M260 480 L520 920 M760 480 L960 820", { stroke: c.white, sw: 12 }),
      rect(100, 400, 1400, 40, { fill: c.terracotta }),
      rect(680, g - 320, 240, 320, { fill: c.skyDeep, sw: 4 }),
      segment(800, g - 320, 800, g, { sw: 4 }),
      plant(620, g, 0.8, "round"),
      plant(980, g, 0.8, "round"),
      car(1180, g + 150, c.terracottaSoft),
    ];
  },
  "construccion-de-locales-comerciales-2": () => {
    const f = 1060;
    const parts = [room(L, { floorY: f, wall: c.stone, floor: c.sandDeep })];
    parts.push(rect(0, 0, L.width, 140, { fill: c.sandDeep }));
    for (const x of [300, 800, 1300])
      parts.push(rect(x - 45, 140, 90, f - 140, { fill: c.plaster }));
    parts.push(rect(0, 170, L.width, 90, { fill: c.white }));
    for (const x of spread(100, 1500, 8)) parts.push(segment(x, 170, x, 260, { sw: 3 }));
    parts.push(
      rect(420, 260, 70, 70, { fill: c.white }),
      rect(1100, 260, 70, 70, { fill: c.white }),
    );
    parts.push(scaffold(480, f, 220, f - 420, { levels: 2 }));
    parts.push(person(590, f - 420, { helmet: true, shirt: c.terracotta, armUp: true, s: 0.7 }));
    parts.push(ladder(1080, f, 520));
    parts.push(bricks(1180, f, 4, 3));
    parts.push(cone(140, f + 60), cone(1480, f + 60));
    return parts;
  },
  "construccion-de-locales-comerciales-3": () => {
    const f = 980;
    return [
      room(L, { floorY: f, wall: c.plaster, floor: c.wood, floorPattern: "boards" }),
      rect(0, 0, L.width, 520, { fill: c.sand, stroke: "none" }),
      rect(60, f - 380, 1480, 360, { fill: c.terracotta }),
      rect(60, f - 380, 1480, 100, { fill: c.terracottaSoft }),
      ...spread(60, 1540, 9)
        .slice(1, -1)
        .map((x) => segment(x, f - 380, x, f - 280, { sw: 3 })),
      picture(200, 200, 240, 180, "sun"),
      picture(700, 160, 200, 240, "arch"),
      picture(1160, 200, 240, 180, "hills"),
      zoom(800, f, 1, [
        table(420, f, 300, 200),
        chair(280, f, 1),
        table(1180, f, 300, 200),
        chair(1320, f, -1),
        roundTable(800, f, 260),
        vase(800, f - 210, c.ochre),
        vase(420, f - 200, c.olive),
        vase(1180, f - 200, c.terracotta),
      ]),
      ...[420, 800, 1180].map((x) => pendant(x, 0, 420, { kind: "basket", lit: false })),
    ];
  },
  "construccion-de-locales-comerciales-4": () => {
    const g = 860;
    return [
      outdoors(L, g, { sun: [260, 160], ground: c.stone }),
      rect(260, 380, 1100, g - 380, { fill: c.white }),
      polygon(
        [
          [240, 380],
          [810, 300],
          [1380, 380],
        ],
        { fill: c.sandDeep },
      ),
      ...spread(300, 1320, 12).map((x) => segment(x, 400, x, 600, { sw: 3, opacity: 0.5 })),
      rect(260, 600, 1100, 40, { fill: c.terracotta }),
      rect(320, 640, 420, g - 640, { fill: c.sky }),
      segment(530, 640, 530, g, { sw: 4 }),
      rect(880, 660, 400, g - 660, { fill: c.stone }),
      ...spread(680, g, 6).map((y) => segment(880, y, 1280, y, { sw: 3 })),
      rect(0, g, L.width, L.height - g, { fill: c.inkSoft, stroke: "none" }),
      ...spread(160, 1440, 6).map((x) =>
        segment(x, g + 60, x + 40, L.height, { stroke: c.white, sw: 6 }),
      ),
      car(200, g + 250, c.sea),
      car(760, g + 250, c.ochre),
      oliveTree(1380, g, 1),
      oliveTree(120, g, 0.8),
      lamppost(620, g + 20, 380),
    ];
  },
};
