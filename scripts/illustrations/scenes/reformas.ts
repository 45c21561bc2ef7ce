/** Illustrations of the eight «reformas» services, four each (`-1` is the main image). */
import { dimension, draftingPaper, planDoor, planWall } from "../drawing.ts";
import {
  awning,
  bricks,
  bush,
  cloud,
  cone,
  cypress,
  facade,
  hoarding,
  lounger,
  oliveTree,
  outdoors,
  palm,
  parasol,
  pergola,
  person,
  pool,
  scaffold,
  skyline,
  solarPanels,
  tileRoof,
} from "../exterior.ts";
import {
  armchair,
  bathtub,
  bed,
  books,
  bucket,
  chair,
  cooktop,
  dropCloth,
  floorLamp,
  herbs,
  hood,
  jars,
  kitchenBase,
  ladder,
  nightstand,
  pendant,
  picture,
  plant,
  pot,
  roller,
  room,
  roundMirror,
  roundTable,
  rug,
  shelf,
  shower,
  sofa,
  spiritLevel,
  stool,
  table,
  tableLamp,
  tap,
  tiles,
  toilet,
  toolbox,
  towel,
  vanity,
  vase,
  wallCabinets,
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

/** Cut-away of one flat: three rooms side by side under a slab, as in a building section. */
function flatSection(): string[] {
  const top = 260;
  const parts = [
    rect(0, 0, L.width, L.height, { fill: c.sand, stroke: "none" }),
    rect(100, top - 40, 1400, 40, { fill: c.stone }),
    rect(100, f, 1400, 50, { fill: c.stone }),
    rect(100, top, 460, f - top, { fill: c.plaster, stroke: "none" }),
    rect(560, top, 520, f - top, { fill: c.white, stroke: "none" }),
    rect(1080, top, 420, f - top, { fill: c.sky, stroke: "none" }),
    segment(560, top, 560, f, { sw: 14 }),
    segment(1080, top, 1080, f, { sw: 14 }),
    rect(100, top - 40, 1400, 790, { fill: "none", sw: 6 }),
  ];
  // Kitchen
  parts.push(
    wallCabinets(140, f - 480, 380, 170),
    kitchenBase(140, f, 380, c.terracotta, 2),
    hood(420, f - 480, 160),
    tap(230, f - 310),
  );
  // Living room
  parts.push(
    windowRect(660, 380, 300, 280, { view: "sea" }),
    sofa(820, f, 420, c.sandDeep),
    floorLamp(1010, f),
    plant(620, f, 0.7, "round"),
  );
  // Bathroom
  parts.push(
    tiles(1080, f - 420, 420, 420, 70, c.white, c.sky),
    vanity(1180, f, 160),
    roundMirror(1180, f - 640, 70),
    toilet(1400, f),
  );
  parts.push(segment(100, f + 50, 1500, f + 50, { sw: 6 }));
  for (const x of spread(60, 1540, 16)) parts.push(segment(x, f + 80, x + 30, f + 50, { sw: 2 }));
  return parts;
}

/** Floor plan of a renovated flat, with furniture hints and dimensions. */
function flatPlan(): string[] {
  const [x0, y0, x1, y1] = [220, 200, 1380, 980];
  const parts = [draftingPaper(L)];
  parts.push(rect(x0, y0, 520, 430, { fill: c.sand, stroke: "none" }));
  parts.push(rect(x0 + 520, y0, x1 - x0 - 520, 430, { fill: c.white, stroke: "none" }));
  parts.push(rect(x0, y0 + 430, 380, y1 - y0 - 430, { fill: c.sky, stroke: "none", opacity: 0.7 }));
  parts.push(
    rect(x0 + 380, y0 + 430, x1 - x0 - 380, y1 - y0 - 430, {
      fill: c.ochreSoft,
      stroke: "none",
      opacity: 0.6,
    }),
  );
  // Furniture in plan
  parts.push(rect(x0 + 30, y0 + 30, 460, 70, { fill: c.terracotta, sw: 3 }));
  parts.push(rect(x0 + 150, y0 + 220, 240, 110, { fill: c.terracottaSoft, sw: 3 }));
  parts.push(rect(x0 + 680, y0 + 60, 360, 140, { fill: c.sandDeep, sw: 3, rx: 20 }));
  parts.push(circle(x0 + 860, y0 + 320, 70, { fill: c.wood, sw: 3 }));
  parts.push(rect(x0 + 40, y0 + 520, 120, 250, { fill: c.white, sw: 3, rx: 30 }));
  parts.push(ellipse(x0 + 280, y0 + 720, 50, 36, { fill: c.white, sw: 3 }));
  parts.push(rect(x0 + 520, y0 + 560, 320, 210, { fill: c.white, sw: 3 }));
  parts.push(rect(x0 + 520, y0 + 560, 320, 60, { fill: c.sandDeep, sw: 3 }));
  parts.push(rect(x0 + 900, y0 + 600, 200, 150, { fill: c.wood, sw: 3 }));
  // Walls and doors
  parts.push(
    planWall(x0, y0, x1, y0, 28),
    planWall(x0, y1, x1, y1, 28),
    planWall(x0, y0, x0, y1, 28),
    planWall(x1, y0, x1, y1, 28),
  );
  parts.push(
    planWall(x0, y0 + 430, x0 + 250, y0 + 430),
    planWall(x0 + 360, y0 + 430, x0 + 700, y0 + 430),
    planWall(x0 + 380, y0 + 430, x0 + 380, y1),
  );
  parts.push(planDoor(x0 + 250, y0 + 430, 100), planDoor(x0 + 700, y0 + 430, 110));
  // Openings to the street
  for (const wx of [x0 + 700, x0 + 950])
    parts.push(rect(wx, y0 - 14, 160, 28, { fill: c.sky, sw: 3 }));
  parts.push(dimension(x0, y0, x1, y0, 90), dimension(x0, y0, x0, y1, 90));
  return parts;
}

export const reformasScenes: Record<string, () => string[]> = {
  // --- Reformas integrales ---------------------------------------------------------------
  "reformas-integrales-1": flatSection,
  "reformas-integrales-2": flatPlan,
  "reformas-integrales-3": () => [
    room(L, { floorY: f, wall: c.plaster, floor: c.stone }),
    // The new colour reaches halfway across the wall: the painter is still at it.
    rect(0, 0, 760, f - 22, { fill: c.sandDeep, stroke: "none" }),
    path(`M760 0 L760 ${f - 22}`, { sw: 3, stroke: c.inkSoft }),
    windowRect(1040, 200, 360, 420, { view: "city" }),
    ...[
      [1040, 200],
      [1400, 200],
      [1040, 620],
      [1400, 620],
    ].map(([x, y]) =>
      rect((x as number) - 24, (y as number) - 8, 48, 16, { fill: c.ochreSoft, sw: 3 }),
    ),
    dropCloth(800, f, 1600),
    zoom(800, f, 1.12, [
      ladder(960, f, 620),
      person(640, f, { shirt: c.sea, hair: c.woodDark, armUp: true }),
      roller(730, f - 400, 220, c.sandDeep),
      bucket(1180, f, c.white, c.sandDeep),
      toolbox(1360, f),
      spiritLevel(300, f, 260),
    ]),
  ],
  "reformas-integrales-4": () => [
    room(L, { floorY: f, wall: c.plaster, floor: c.wood, floorPattern: "boards" }),
    rect(80, 120, 480, f - 142, { fill: c.sand }),
    ...[300, 480, 660].map((y) => shelf(100, y, 440)),
    books(120, 300, 10, 1),
    vase(460, 480),
    books(140, 660, 9, 4),
    windowArch(900, 140, 360, 520, { view: "garden" }),
    zoom(800, f, 1.1, [
      table(860, f, 560, 230),
      chair(620, f, 1),
      chair(1100, f, -1),
      pendant(860, 0, 300, { kind: "dome", colour: c.terracotta }),
    ]),
    plant(1460, f, 1, "leafy"),
  ],
  // --- Cocinas ---------------------------------------------------------------------------
  "reformas-de-cocinas-1": () => [
    room(L, { floorY: f, wall: c.plaster, floor: c.sand, floorPattern: "tiles" }),
    tiles(120, f - 600, 1360, 290, 72, c.white, c.terracottaSoft),
    wallCabinets(120, f - 600, 420, 240, c.white),
    hood(800, f - 600, 240),
    wallCabinets(1060, f - 600, 420, 240, c.white),
    kitchenBase(120, f, 1360, c.sandDeep),
    cooktop(800, f - 310),
    jars(1150, f - 310),
    herbs(330, f - 310),
    zoom(800, f, 1.15, [
      rect(480, f - 300, 640, 300, { fill: c.terracotta }),
      rect(460, f - 326, 680, 30, { fill: c.white }),
      ...spread(560, 1040, 4).map((x) => segment(x, f - 260, x, f - 30, { sw: 3 })),
      stool(600, f, 250),
      stool(800, f, 250),
      stool(1000, f, 250),
    ]),
    ...[560, 800, 1040].map((x) => pendant(x, 0, 200, { kind: "dome", colour: c.terracotta })),
  ],
  "reformas-de-cocinas-2": () => [
    room(L, { floorY: f, wall: c.plaster, floor: c.wood, floorPattern: "boards" }),
    rect(0, 0, 520, f - 22, { fill: c.sand, stroke: "none" }),
    rect(60, 200, 420, f - 222, { fill: c.white }),
    ...[360, 560].map((y) => segment(60, y, 480, y, { sw: 3 })),
    segment(270, 200, 270, f - 22, { sw: 3 }),
    windowRect(760, 230, 440, 330, { view: "garden", panes: 3 }),
    herbs(850, 560),
    herbs(960, 560),
    tiles(520, f - 560, 1080, 250, 60, c.sky),
    kitchenBase(520, f, 1080, c.olive),
    tap(980, f - 310),
    rect(900, f - 318, 200, 12, { fill: c.stone, stroke: "none" }),
    pot(1350, f - 310, c.terracotta),
    plant(1520, f - 310, 0.5, "round"),
  ],
  "reformas-de-cocinas-3": () => [
    room(L, { floorY: 1100, wall: c.plaster, floor: c.sand }),
    tiles(100, 300, 1400, 420, 70, c.white, c.sky),
    zoom(800, 1100, 1.3, [
      hood(800, 620, 300),
      cooktop(800, 800),
      pot(700, 788, c.terracotta),
      pot(890, 788, c.olive),
    ]),
    rect(80, 720, 1440, 40, { fill: c.white }),
    rect(80, 760, 1440, 340, { fill: c.terracotta }),
    ...spread(80, 1520, 6)
      .slice(1, -1)
      .map((x) => segment(x, 760, x, 1100, { sw: 3 })),
    shelf(130, 300, 360),
    jars(150, 300),
    shelf(1110, 300, 360),
    vase(1200, 300, c.ochre),
    herbs(1380, 300),
  ],
  "reformas-de-cocinas-4": () => [
    room(L, { floorY: f, wall: c.plaster, floor: c.sand, floorPattern: "tiles" }),
    tiles(80, f - 560, 600, 250, 60, c.white, c.ochreSoft),
    wallCabinets(80, f - 560, 600, 220, c.sandDeep),
    kitchenBase(80, f, 600, c.white),
    tap(300, f - 310),
    cooktop(540, f - 310),
    windowArch(820, 120, 300, 480, { view: "sea" }),
    zoom(1100, f, 1.1, [
      roundTable(1150, f, 360),
      chair(930, f, 1, c.woodDark),
      chair(1370, f, -1, c.woodDark),
      vase(1150, f - 210),
    ]),
    pendant(1150, 0, 300, { kind: "basket" }),
    plant(1500, f, 0.9, "tall"),
  ],
  // --- Baños -----------------------------------------------------------------------------
  "reformas-de-banos-1": () => [
    room(L, { floorY: f, wall: c.plaster, floor: c.stone, floorPattern: "tiles" }),
    rect(0, 0, L.width, f - 22, { fill: c.sand, stroke: "none" }),
    zoom(800, f, 1.1, [
      shower(140, f, 520, 800),
      vanity(1000, f, 460, c.wood),
      roundMirror(1000, f - 740, 150),
      towel(1380, f - 600, c.terracottaSoft),
      plant(1400, f, 0.8, "leafy"),
    ]),
  ],
  "reformas-de-banos-2": () => {
    const parts = [room(L, { floorY: f, wall: c.plaster, floor: c.white })];
    for (let x = 0; x < L.width; x += 110) {
      for (let y = f; y < L.height; y += 110) {
        parts.push(
          rect(x + 10, y + 10, 90, 90, {
            fill: (x / 110 + (y - f) / 110) % 2 ? c.terracottaSoft : c.sky,
            stroke: "none",
            opacity: 0.8,
          }),
        );
        parts.push(circle(x + 55, y + 55, 24, { fill: c.white, stroke: "none" }));
      }
    }
    parts.push(
      tiles(0, f - 420, L.width, 398, 100, c.white),
      windowArch(620, 120, 360, 440, { view: "sky" }),
      zoom(800, f, 1.15, [bathtub(800, f, 620), towel(1250, f - 520, c.olive)]),
      plant(200, f, 1.1, "tall"),
      plant(1400, f, 0.9, "round"),
    );
    return parts;
  },
  "reformas-de-banos-3": () => [
    room(L, { floorY: 1120, wall: c.sand, floor: c.stone }),
    tiles(0, 700, L.width, 420, 90, c.white, c.sky),
    zoom(800, 1120, 1.35, [
      vanity(800, 1120, 560, c.wood),
      roundMirror(800, 560, 150),
      plant(1080, 1120 - 440, 0.45, "leafy"),
      tableLamp(560, 1120 - 440, { colour: c.ochre }),
    ]),
    towel(1360, 520, c.terracotta),
  ],
  "reformas-de-banos-4": () => [
    room(L, { floorY: f, wall: c.stone, floor: c.stone }),
    // Half-tiled wall: the upper rows are still missing.
    tiles(100, f - 400, 1400, 378, 90, c.white, c.sky),
    ...spread(100, 1300, 6).map((x, i) =>
      rect(x, f - 490 - (i % 2) * 90, 90, 90, { fill: c.white, sw: 3 }),
    ),
    segment(100, f - 400, 1500, f - 400, { sw: 3, stroke: c.terracotta }),
    spiritLevel(900, f - 410, 360),
    bucket(1200, f, c.stone, c.white),
    toolbox(400, f),
    person(650, f, { helmet: false, shirt: c.olive, hair: c.ink, armUp: true }),
    rect(1290, f - 80, 200, 80, { fill: c.white, sw: 3 }),
    rect(1310, f - 140, 200, 60, { fill: c.white, sw: 3 }),
  ],
  // --- Hoteles ---------------------------------------------------------------------------
  "reformas-de-hoteles-1": () => [
    room(L, { floorY: f, wall: c.sand, floor: c.terracottaSoft }),
    rect(380, 120, 840, f - 142, { fill: c.plaster, stroke: "none" }),
    zoom(800, f, 1.05, [
      bed(800, f, 700, { headboard: c.sea, cover: c.white }),
      rect(450, f - 150, 700, 44, { fill: c.terracotta, sw: 4 }),
      nightstand(330, f),
      tableLamp(330, f - 170, { lit: true, colour: c.ochre }),
      nightstand(1270, f),
      tableLamp(1270, f - 170, { lit: true, colour: c.ochre }),
    ]),
    windowRect(1380, 220, 180, 500, { view: "sea", panes: 1, curtains: c.white }),
    windowRect(40, 220, 180, 500, { view: "sea", panes: 1, curtains: c.white }),
    picture(620, 200, 360, 200, "sun"),
  ],
  "reformas-de-hoteles-2": () => [
    room(L, { floorY: f, wall: c.plaster, floor: c.stone, floorPattern: "tiles" }),
    rect(300, 150, 1000, 260, { fill: c.sand, sw: 4 }),
    ...spread(360, 1240, 8).map((x) => segment(x, 150, x, 410, { sw: 3, stroke: c.woodDark })),
    circle(800, 280, 70, { fill: c.terracotta }),
    path(archPath(765, 240, 70, 80), { fill: c.plaster, sw: 3 }),
    zoom(800, f, 1.1, [
      rect(480, f - 330, 640, 330, { fill: c.wood }),
      rect(460, f - 350, 680, 30, { fill: c.white }),
      ...spread(520, 1080, 9).map((x) =>
        segment(x, f - 310, x, f - 20, { sw: 3, stroke: c.woodDark }),
      ),
      tableLamp(560, f - 350, { lit: true, colour: c.ochre }),
      rect(960, f - 400, 120, 50, { fill: c.white, sw: 3 }),
    ]),
    ...[550, 800, 1050].map((x) => pendant(x, 0, 100, { kind: "globe", lit: true })),
    armchair(160, f, c.terracotta),
    plant(1420, f, 1.2, "tall"),
  ],
  "reformas-de-hoteles-3": () => {
    const g = 1020;
    const hotel = facade(280, g, 1040, {
      floors: 4,
      bays: 5,
      floorHeight: 190,
      balconies: true,
      shutters: c.sea,
      door: true,
      wall: c.white,
      roof: "flat",
    });
    return [
      outdoors(L, g, { sun: [1300, 180], sea: true }),
      hotel.svg,
      ...spread(400, 1200, 4).map((x) => awning(x - 90, g - 190 + 10, 180, c.terracotta)),
      rect(620, hotel.top - 130, 360, 80, { fill: c.terracotta }),
      ...spread(660, 940, 5).map((x) =>
        rect(x - 18, hotel.top - 110, 36, 40, { fill: c.white, stroke: "none" }),
      ),
      palm(170, g, 1.1),
      palm(1450, g, 1),
      bush(600, g, 140),
      bush(1020, g, 140, c.olive),
    ];
  },
  "reformas-de-hoteles-4": () => {
    const g = 640;
    const deck = 1140;
    return [
      outdoors(L, g, { sun: [300, 200], sea: true, ground: c.sand }),
      rect(0, g + 30, L.width, 24, { fill: c.white }),
      pool(160, 760, 1280, 190),
      lounger(330, deck, c.white),
      lounger(760, deck, c.terracottaSoft),
      lounger(1190, deck, c.white),
      parasol(545, deck, c.terracotta, 420),
      parasol(975, deck, c.ochre, 420),
      palm(1480, g + 40, 0.9),
      plant(110, g + 60, 0.8, "round"),
    ];
  },
  // --- Casas y chalets -------------------------------------------------------------------
  "reformas-de-casas-y-chalets-1": () => {
    const g = 880;
    const house = facade(420, g, 760, {
      floors: 2,
      bays: 3,
      floorHeight: 220,
      roof: "tiles",
      shutters: c.olive,
      door: true,
      arches: true,
    });
    return [
      outdoors(L, g, { sun: [1360, 200], hills: true, ground: c.oliveSoft }),
      house.svg,
      pergola(1180, g, 320, 320),
      pool(260, g + 120, 1100, 120),
      cypress(300, g, 1.3),
      cypress(1480, g, 1.1),
      oliveTree(140, g + 10, 1),
      lounger(1240, g + 300, c.white),
    ];
  },
  "reformas-de-casas-y-chalets-2": () => {
    const g = 960;
    const house = facade(300, g, 900, {
      floors: 2,
      bays: 4,
      floorHeight: 250,
      roof: "tiles",
      shutters: c.sea,
      door: true,
    });
    return [
      outdoors(L, g, { sun: [260, 200] }),
      house.svg,
      rect(560, g - 250, 380, 16, { fill: c.wood }),
      ...[580, 920].map((x) => rect(x - 10, g - 234, 20, 234, { fill: c.wood, sw: 4 })),
      scaffold(760, g, 500, house.top - 30, { levels: 2, net: false }),
      person(1000, g - 250, { helmet: true, shirt: c.terracotta, armUp: true, s: 0.7 }),
      roller(1090, g - 250 - 60, 180, c.white),
      bricks(1290, g, 3, 3),
      cone(1360, g + 100),
      oliveTree(150, g, 1),
    ];
  },
  "reformas-de-casas-y-chalets-3": () => [
    room(L, { floorY: f, wall: c.plaster, floor: c.wood, floorPattern: "boards" }),
    // Fireplace
    rect(200, f - 560, 440, 560, { fill: c.white }),
    rect(170, f - 580, 500, 40, { fill: c.wood }),
    path(archPath(300, f - 360, 240, 340), { fill: c.ink }),
    path(
      `M380 ${f - 40} Q360 ${f - 120} 420 ${f - 180} Q410 ${f - 110} 460 ${f - 120} Q480 ${f - 80} 460 ${f - 40} Z`,
      { fill: c.ochre, stroke: "none" },
    ),
    path(`M400 ${f - 40} Q400 ${f - 90} 425 ${f - 120} Q440 ${f - 80} 440 ${f - 40} Z`, {
      fill: c.terracotta,
      stroke: "none",
    }),
    rect(340, f - 40, 160, 20, { fill: c.woodDark, stroke: "none" }),
    vase(260, f - 580),
    picture(340, f - 880, 200, 240, "hills"),
    windowRect(860, 160, 580, 620, { view: "garden", panes: 3 }),
    zoom(1000, f, 1.1, [
      armchair(1000, f, c.terracotta),
      rug(1000, f, 600, c.sandDeep),
      floorLamp(1250, f),
    ]),
  ],
  "reformas-de-casas-y-chalets-4": () => {
    const g = 900;
    return [
      outdoors(L, g, { sun: [1350, 170], hills: true, ground: c.sand }),
      rect(0, g, L.width, L.height - g, { fill: c.terracottaSoft, stroke: "none" }),
      ...spread(0, L.width, 15).map((x) =>
        segment(x, g, x - 40, L.height, { sw: 2, opacity: 0.4 }),
      ),
      rect(0, 200, 160, g - 200, { fill: c.white }),
      windowRect(30, 380, 100, 260, { panes: 1 }),
      zoom(820, g + 150, 1.05, [
        pergola(380, g + 150, 880, 620),
        table(820, g + 150, 560, 220),
        chair(600, g + 150, 1, c.woodDark, c.white),
        chair(1040, g + 150, -1, c.woodDark, c.white),
        vase(820, g + 150 - 220),
      ]),
      plant(1450, g + 150, 1.1, "leafy"),
      plant(200, g + 150, 0.9, "round"),
    ];
  },
  // --- Locales comerciales ---------------------------------------------------------------
  "reformas-de-locales-comerciales-1": () => {
    const g = 1000;
    return [
      outdoors(L, g, { sun: [1400, 150], ground: c.stone }),
      rect(120, 120, 1360, g - 120, { fill: c.white }),
      windowRect(300, 180, 180, 160, { shutters: c.sea }),
      windowRect(1120, 180, 180, 160, { shutters: c.sea }),
      rect(120, 440, 1360, 560, { fill: c.olive }),
      rect(220, 470, 1160, 90, { fill: c.white, sw: 4 }),
      ...spread(320, 1280, 8).map((x) =>
        rect(x - 34, 496, 68, 40, { fill: c.ink, stroke: "none", rx: 6 }),
      ),
      awning(200, 580, 1200, c.terracotta),
      rect(200, 720, 760, 280, { fill: c.sky }),
      segment(580, 720, 580, 1000, { sw: 4 }),
      vase(330, 1000 - 80, c.ochre),
      rect(250, 920, 220, 80, { fill: c.wood, sw: 4 }),
      rect(1040, 700, 240, 300, { fill: c.woodDark }),
      rect(1060, 720, 200, 160, { fill: c.sky, sw: 3 }),
      plant(1380, g, 0.9, "round"),
      plant(120, g + 10, 0.7, "leafy"),
    ];
  },
  "reformas-de-locales-comerciales-2": () => [
    room(L, { floorY: f, wall: c.plaster, floor: c.stone, floorPattern: "tiles" }),
    tiles(0, 400, L.width, 280, 50, c.white, c.sky),
    shelf(160, 380, 520),
    jars(200, 380),
    vase(500, 380, c.terracotta),
    shelf(900, 380, 520),
    books(940, 380, 6, 3),
    zoom(800, f, 1.12, [
      rect(260, f - 330, 1080, 310, { fill: c.terracotta }),
      rect(240, f - 350, 1120, 30, { fill: c.wood }),
      ...spread(260, 1340, 10).map((x) => segment(x, f - 310, x, f - 30, { sw: 3 })),
      rect(1000, f - 470, 200, 120, { fill: c.stone, rx: 10 }),
      rect(1040, f - 440, 60, 70, { fill: c.ink, stroke: "none" }),
      stool(420, f, 300),
      stool(680, f, 300),
      stool(940, f, 300),
    ]),
    ...[400, 800, 1200].map((x) => pendant(x, 0, 160, { kind: "cone", colour: c.ink, lit: true })),
  ],
  "reformas-de-locales-comerciales-3": () => [
    room(L, { floorY: f, wall: c.sand, floor: c.wood, floorPattern: "boards" }),
    ...[0, 1].flatMap((side) => {
      const x = side ? 1160 : 80;
      return [
        rect(x, 160, 360, f - 182, { fill: c.wood }),
        ...[360, 560, 760].map((y) => shelf(x, y, 360)),
        books(x + 20, 360, 9, side + 1),
        ...spread(x + 60, x + 300, 3).map((vx) => vase(vx, 560, side ? c.ochre : c.terracotta)),
        ...spread(x + 40, x + 260, 4).map((bx) => rect(bx, 700, 60, 60, { fill: c.white, sw: 3 })),
      ];
    }),
    zoom(800, f, 1.05, [
      rect(620, f - 250, 360, 230, { fill: c.white }),
      rect(600, f - 270, 400, 26, { fill: c.wood }),
      vase(720, f - 270, c.terracotta),
      jars(820, f - 270),
    ]),
    ...[640, 960].map((x) => pendant(x, 0, 200, { kind: "dome", colour: c.olive })),
  ],
  "reformas-de-locales-comerciales-4": () => {
    const g = 1000;
    return [
      outdoors(L, g, { sun: [250, 170], ground: c.stone }),
      rect(120, 120, 1360, g - 120, { fill: c.plaster }),
      windowRect(300, 180, 180, 160, { shutters: c.sea }),
      windowRect(1120, 180, 180, 160, { shutters: c.sea }),
      rect(120, 440, 1360, 560, { fill: c.stone }),
      rect(220, 500, 1160, 500, { fill: c.sky }),
      ...spread(220, 1380, 6)
        .slice(1, -1)
        .map((x) => segment(x, 500, x, g, { sw: 3 })),
      path(`M240 520 L600 980 M700 520 L1000 900`, { stroke: c.white, sw: 10 }),
      hoarding(160, g, 1280, 260),
      ladder(1300, g, 560),
      cone(200, g + 90),
      cone(1460, g + 90),
      person(560, g + 60, { helmet: true, shirt: c.terracotta, s: 0.9 }),
      bucket(760, g + 60, c.white, c.stone),
    ];
  },
  // --- Fachadas --------------------------------------------------------------------------
  "reparacion-de-fachadas-1": () => {
    const g = 1060;
    const block = facade(260, g, 1080, {
      floors: 5,
      bays: 4,
      floorHeight: 180,
      balconies: true,
      shutters: c.terracottaSoft,
      shop: true,
      roof: "flat",
      wall: c.sand,
    });
    return [
      outdoors(L, g, { sun: [1420, 160] }),
      skyline(L, g, 2),
      block.svg,
      scaffold(240, g, 1120, block.top - 20, { net: true, levels: 5 }),
      person(700, g - 540, { helmet: true, shirt: c.terracotta, s: 0.65 }),
      person(1100, g - 180, { helmet: true, shirt: c.sea, armUp: true, s: 0.65 }),
      cone(140, g + 80),
      cone(1480, g + 80),
    ];
  },
  "reparacion-de-fachadas-2": () => {
    const g = 1100;
    const parts = [outdoors(L, g, { sun: [1450, 140] })];
    const left = facade(120, g, 680, {
      floors: 4,
      bays: 2,
      floorHeight: 230,
      shutters: c.stone,
      roof: "flat",
      wall: c.sandDeep,
      shabby: true,
    });
    const right = facade(800, g, 680, {
      floors: 4,
      bays: 2,
      floorHeight: 230,
      shutters: c.sea,
      roof: "flat",
      wall: c.white,
    });
    parts.push(left.svg, right.svg);
    parts.push(segment(800, left.top - 40, 800, g, { sw: 4, stroke: c.terracotta }));
    parts.push(scaffold(620, g, 360, left.top, { levels: 4 }));
    parts.push(
      person(800, g - 460 - 0, { helmet: true, shirt: c.terracotta, armUp: true, s: 0.8 }),
    );
    parts.push(roller(860, g - 460 - 40, 220, c.white));
    parts.push(bucket(700, g - 460, c.white, c.white));
    return parts;
  },
  "reparacion-de-fachadas-3": () => {
    const slab = 620;
    const parts = [rect(0, 0, L.width, L.height, { fill: c.white, stroke: "none" })];
    parts.push(windowRect(520, 40, 560, 560, { panes: 2, shutters: c.sea }));
    // Balcony railing on the slab, then the slab edge: spalled concrete, rebar treated in terracotta.
    parts.push(rect(180, slab - 200, 1240, 20, { fill: c.ink, stroke: "none" }));
    for (const x of spread(200, 1400, 16)) parts.push(segment(x, slab - 190, x, slab, { sw: 4 }));
    parts.push(rect(160, slab, 1280, 100, { fill: c.stone }));
    parts.push(
      path(
        `M300 ${slab + 4} L680 ${slab + 4} L650 ${slab + 70} L560 ${slab + 96} L330 ${slab + 80} Z`,
        { fill: c.sandDeep, sw: 3 },
      ),
    );
    parts.push(segment(320, slab + 40, 660, slab + 40, { sw: 6, stroke: c.terracotta }));
    parts.push(segment(340, slab + 66, 620, slab + 66, { sw: 6, stroke: c.terracotta }));
    parts.push(path(`M960 ${slab + 10} l30 30 l-20 20 l30 30`, { sw: 4 }));
    parts.push(path(`M1180 ${slab + 14} l-20 24 l26 24`, { sw: 4 }));
    parts.push(circle(975, slab + 50, 46, { fill: "none", stroke: c.terracotta, sw: 4 }));
    // Wall of the floor below and the work platform.
    parts.push(
      rect(0, slab + 100, L.width, L.height - slab - 100, { fill: c.sandDeep, stroke: "none" }),
    );
    parts.push(
      windowRect(220, 900, 280, 400, { panes: 2 }),
      windowRect(1100, 900, 280, 400, { panes: 2 }),
    );
    parts.push(scaffold(60, 1260, 1480, 1100, { levels: 1 }));
    parts.push(person(760, 1100, { helmet: true, shirt: c.olive, armUp: true, s: 0.85 }));
    parts.push(rect(810, slab + 100, 120, 20, { fill: c.stone, sw: 3 }));
    parts.push(bucket(560, 1100, c.stone, c.white));
    parts.push(spiritLevel(1120, 1100, 260));
    return parts;
  },
  "reparacion-de-fachadas-4": () => {
    const g = 1080;
    const block = facade(320, g, 960, {
      floors: 5,
      bays: 4,
      floorHeight: 180,
      balconies: true,
      shutters: c.sea,
      shop: true,
      roof: "flat",
      wall: c.white,
      ornate: true,
    });
    return [
      outdoors(L, g, { sun: [260, 170] }),
      block.svg,
      palm(180, g, 1),
      palm(1440, g, 0.9),
      bush(320, g, 120),
      bush(1280, g, 120, c.olive),
    ];
  },
  // --- Tejados y azoteas -----------------------------------------------------------------
  "reformas-de-tejados-y-azoteas-1": () => {
    const g = 880;
    return [
      outdoors(L, g, { sun: [1300, 200], sea: true, ground: c.terracottaSoft }),
      skyline(L, g - 110, 7),
      rect(0, g, L.width, L.height - g, { fill: c.terracottaSoft, stroke: "none" }),
      ...spread(0, L.width, 13).map((x) => segment(x, g, x, L.height, { sw: 2, opacity: 0.35 })),
      ...spread(g + 80, L.height, 4).map((y) =>
        segment(0, y, L.width, y, { sw: 2, opacity: 0.35 }),
      ),
      rect(0, g - 120, L.width, 120, { fill: c.white }),
      segment(0, g - 60, L.width, g - 60, { sw: 2, opacity: 0.4 }),
      zoom(800, g + 200, 1.05, [
        pergola(200, g + 200, 720, 560),
        lounger(400, g + 200, c.white),
        lounger(720, g + 200, c.ochreSoft),
        parasol(1200, g + 200, c.terracotta),
      ]),
      plant(1000, g + 200, 0.8, "round"),
      plant(1460, g + 220, 1.1, "tall"),
      plant(90, g + 240, 1, "leafy"),
    ];
  },
  "reformas-de-tejados-y-azoteas-2": () => {
    const g = 1060;
    const house = facade(240, g, 1000, {
      floors: 2,
      bays: 3,
      floorHeight: 230,
      shutters: c.olive,
      door: true,
      roof: "flat",
    });
    return [
      outdoors(L, g, { sun: [1400, 180] }),
      house.svg,
      rect(200, house.top - 60, 1080, 70, { fill: c.sky, stroke: "none" }),
      tileRoof(240, house.top, 1000, 300, { missing: [0.5, 0.82] }),
      ladder(1330, g, 760),
      person(850, house.top - 110, { helmet: true, shirt: c.terracotta, armUp: true, s: 0.55 }),
      bricks(1380, g, 2, 4),
      cypress(120, g, 1),
    ];
  },
  "reformas-de-tejados-y-azoteas-3": () => {
    const layers: [string, number, string][] = [
      [c.terracottaSoft, 60, "Baldosa"],
      [c.stone, 40, "Mortero"],
      [c.ink, 24, "Lámina"],
      [c.ochreSoft, 90, "Aislamiento"],
      [c.sandDeep, 40, "Pendiente"],
      [c.stone, 150, "Forjado"],
    ];
    const parts = [draftingPaper(L)];
    let y = 360;
    layers.forEach(([fill, h], i) => {
      const shift = i * 60;
      parts.push(
        polygon(
          [
            [200 + shift, y],
            [1400, y],
            [1400, y + h],
            [200 + shift, y + h],
          ],
          { fill, sw: 4 },
        ),
      );
      if (fill === c.ochreSoft) {
        for (const x of spread(240 + shift, 1360, 20))
          parts.push(path(`M${x} ${y + h - 10} q20 -${h - 20} 40 0`, { sw: 2 }));
      }
      if (i === 0)
        for (const x of spread(200 + shift, 1400, 12))
          parts.push(segment(x, y, x, y + h, { sw: 3 }));
      parts.push(segment(200 + shift, y + h / 2, 120, y + h / 2 + (i - 2.5) * 30, { sw: 2 }));
      parts.push(circle(120, y + h / 2 + (i - 2.5) * 30, 10, { fill: c.terracotta }));
      y += h;
    });
    parts.push(rect(200, 300, 40, 60, { fill: c.white, sw: 3 }));
    parts.push(path(`M1400 360 L1400 ${y} L1460 ${y} L1460 280 L1400 280 Z`, { fill: c.white }));
    parts.push(dimension(200 + 300, 360, 200 + 300, y, -60));
    parts.push(cloud(400, 180, 0.9), cloud(1100, 160, 0.7));
    parts.push(path(`M300 240 l20 40 M360 220 l20 40 M420 240 l20 40`, { stroke: c.sea, sw: 4 }));
    return parts;
  },
  "reformas-de-tejados-y-azoteas-4": () => {
    const g = 1100;
    const building = facade(200, g, 1200, {
      floors: 3,
      bays: 5,
      floorHeight: 200,
      shutters: c.terracottaSoft,
      roof: "flat",
      wall: c.white,
    });
    const roofY = building.top - 40;
    return [
      outdoors(L, g, { sun: [260, 170] }),
      building.svg,
      solarPanels(300, roofY, 4),
      rect(1050, roofY - 140, 110, 140, { fill: c.white }),
      rect(1040, roofY - 160, 130, 26, { fill: c.terracottaSoft }),
      polygon(
        [
          [1220, roofY],
          [1340, roofY],
          [1310, roofY - 60],
          [1250, roofY - 60],
        ],
        { fill: c.sky },
      ),
      segment(1280, roofY - 60, 1280, roofY, { sw: 3 }),
      plant(960, roofY, 0.6, "round"),
    ];
  },
};
