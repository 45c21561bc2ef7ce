/** Home, carousel, category, team and contact illustrations. */
import {
  bricks,
  bush,
  crane,
  facade,
  hoarding,
  oliveTree,
  outdoors,
  person,
  scaffold,
  skyline,
} from "../exterior.ts";
import {
  armchair,
  bed,
  books,
  bucket,
  cooktop,
  dropCloth,
  floorLamp,
  herbs,
  hood,
  kitchenBase,
  ladder,
  nightstand,
  pendant,
  picture,
  plant,
  roller,
  room,
  rug,
  shelf,
  sofa,
  table,
  tableLamp,
  tap,
  tiles,
  vase,
  wallCabinets,
  windowArch,
  windowRect,
} from "../interior.ts";
import {
  palette as c,
  circle,
  landscapeCanvas as L,
  path,
  rect,
  segment,
  wideCanvas as W,
  zoom,
} from "../kit.ts";

export const siteScenes: Record<string, () => string[]> = {
  hero: () => {
    const g = 900;
    const house = facade(360, g, 760, {
      floors: 2,
      bays: 4,
      floorHeight: 230,
      roof: "tiles",
      shutters: c.sea,
      door: true,
      arches: true,
    });
    const wing = facade(1120, g, 460, {
      floors: 2,
      bays: 2,
      floorHeight: 230,
      roof: "flat",
      shutters: c.sea,
      wall: c.plaster,
    });
    return [
      outdoors(W, g, { sun: [1700, 170], hills: true }),
      zoom(960, g, 1.16, [
        house.svg,
        wing.svg,
        scaffold(1100, g, 500, wing.top - 20, { levels: 3 }),
        bricks(1625, g, 2, 4),
        person(1300, 580, { helmet: true, shirt: c.terracotta, armUp: true, s: 0.6 }),
        oliveTree(200, g + 40, 1.1),
        bush(700, g + 30, 180),
        bush(960, g + 30, 140, c.olive),
      ]),
      rect(0, g + 48, W.width, W.height - g - 48, { fill: c.sand, stroke: "none" }),
      segment(0, g + 48, W.width, g + 48, { sw: 3 }),
    ];
  },
  "slide-1": () => {
    const f = 860;
    return [
      room(W, { floorY: f, wall: c.plaster, floor: c.wood, floorPattern: "boards" }),
      rect(0, 0, 900, f - 22, { fill: c.sand, stroke: "none" }),
      path(`M900 0 L900 ${f - 22} M900 120 q-20 30 0 60 q20 30 0 70`, { sw: 3 }),
      windowRect(1180, 180, 380, 460, { view: "city", panes: 2 }),
      dropCloth(960, f, 1920),
      zoom(960, f, 1.3, [
        sofa(620, f, 620, c.sandDeep, { covered: true }),
        ladder(1080, f, 560),
        bucket(1250, f, c.white, c.sand),
        roller(1370, f, 320, c.sand),
        plant(1580, f, 1.1, "tall"),
      ]),
    ];
  },
  "slide-2": () => {
    const g = 880;
    return [
      outdoors(W, g, { sun: [320, 220] }),
      skyline(W, g, 5),
      crane(1500, g, 720, -820),
      ...frameHouse(560, g, 760),
      bricks(1460, g, 4, 5),
      hoarding(0, g + 120, W.width, 160),
      person(1380, g, { helmet: true, shirt: c.terracotta, s: 0.7 }),
    ];
  },
  "slide-3": () => {
    const f = 860;
    return [
      room(W, { floorY: f, wall: c.plaster, floor: c.wood, floorPattern: "boards" }),
      windowArch(1120, 120, 420, 620, { view: "sea" }),
      picture(330, 170, 220, 280, "sun"),
      picture(600, 230, 180, 220, "arch"),
      zoom(900, f, 1.25, [
        rug(720, f, 900),
        sofa(660, f, 680, c.sandDeep),
        floorLamp(1550, f, { colour: c.white }),
        plant(1660, f, 1.1, "leafy"),
        plant(250, f, 1, "round"),
        armchair(1290, f, c.terracotta),
      ]),
    ];
  },
  "cat-reformas": () => {
    const f = 960;
    return [
      room(L, { floorY: f, wall: c.plaster, floor: c.sand, floorPattern: "tiles" }),
      windowRect(560, 220, 320, 300, { view: "garden" }),
      tiles(120, f - 560, 1080, 230, 60, c.white, c.sky),
      wallCabinets(120, f - 560, 360),
      hood(980, f - 560),
      kitchenBase(120, f, 1080, c.terracotta),
      cooktop(980, f - 310),
      tap(700, f - 310),
      herbs(300, f - 310),
      ladder(1380, f, 620),
      bucket(1370, f),
    ];
  },
  "cat-construccion": () => {
    const g = 980;
    const house = facade(320, g, 820, {
      floors: 2,
      bays: 3,
      floorHeight: 280,
      roof: "flat",
      wall: c.white,
    });
    return [
      outdoors(L, g, { sun: [300, 220] }),
      crane(1380, g, 860, -700),
      zoom(760, g, 1.12, [
        house.svg,
        rect(320, g - 560, 273, 560, { fill: c.wood }),
        ...[360, 400, 440, 480, 520, 560].map((x) => segment(x, g - 540, x, g - 20, { sw: 3 })),
        rect(1140, g - 590, 420, 30, { fill: c.stone, sw: 4 }),
        rect(1140, g - 310, 420, 30, { fill: c.stone, sw: 4 }),
        ...[1160, 1350, 1540].map((x) => rect(x - 14, g - 560, 28, 250, { fill: c.stone, sw: 4 })),
        ...[1160, 1350, 1540].map((x) => rect(x - 14, g - 280, 28, 280, { fill: c.stone, sw: 4 })),
        bricks(1180, g, 5, 6),
        person(1080, g, { helmet: true, shirt: c.sea, s: 0.75 }),
      ]),
      hoarding(0, g + 100, L.width, 140),
    ];
  },
  "cat-interiorismo": () => {
    const f = 980;
    return [
      room(L, { floorY: f, wall: c.sand, floor: c.wood, floorPattern: "boards" }),
      rect(420, 150, 760, f - 172, { fill: c.plaster, stroke: "none" }),
      pendant(800, 0, 120, { kind: "basket" }),
      bed(800, f, 640, { headboard: c.wood, cover: c.terracottaSoft }),
      nightstand(360, f),
      tableLamp(360, f - 170, { colour: c.ochre }),
      nightstand(1240, f),
      tableLamp(1240, f - 170, { colour: c.ochre }),
      picture(660, 330, 280, 190, "hills"),
      plant(1430, f, 1, "leafy"),
    ];
  },
  team: () => {
    const f = 990;
    const top = f - 230;
    return [
      room(L, { floorY: f, wall: c.plaster, floor: c.wood, floorPattern: "boards" }),
      windowRect(860, 130, 600, 420, { view: "city", panes: 3 }),
      crane(1300, 550, 360, -300),
      shelf(120, 300, 520),
      books(140, 300, 12, 2),
      shelf(120, 470, 520),
      books(160, 470, 8, 5),
      vase(520, 470, c.ochre),
      pendant(560, 0, 120, { kind: "dome", colour: c.terracotta }),
      pendant(1040, 0, 120, { kind: "dome", colour: c.terracotta }),
      zoom(800, f, 1.18, [
        person(520, f, { shirt: c.sea, hair: c.woodDark }),
        person(800, f, { shirt: c.olive, hair: c.ink, s: 0.96 }),
        person(1080, f, { helmet: true, shirt: c.terracotta, armUp: true }),
        table(800, f, 960, 230, c.wood),
        rect(440, top - 14, 420, 16, { fill: c.white, sw: 3 }),
        path(`M460 ${top - 12} l70 -4 l90 4 l80 -4`, { sw: 2, stroke: c.sea }),
        rect(900, top - 40, 220, 30, { fill: c.sky, rx: 15 }),
        circle(900, top - 25, 15, { fill: c.white, sw: 3 }),
        rect(1160, top - 70, 60, 60, { fill: c.white, rx: 6 }),
      ]),
      plant(1500, f, 1.1, "tall"),
    ];
  },
  contact: () => {
    const f = 1000;
    const top = f - 300;
    return [
      room(L, { floorY: f, wall: c.sand, floor: c.wood, floorPattern: "boards" }),
      windowArch(180, 110, 420, 600, { view: "city" }),
      picture(1000, 180, 420, 280, "hills"),
      ...[
        [1090, 270],
        [1230, 330],
        [1330, 250],
      ].map(([x, y]) => circle(x as number, y as number, 14, { fill: c.terracotta, sw: 3 })),
      zoom(800, f, 1.25, [
        table(820, f, 860, 300, c.woodDark),
        rect(840, top - 150, 230, 140, { fill: c.ink, rx: 10 }),
        rect(856, top - 136, 198, 112, { fill: c.sky, rx: 4, stroke: "none" }),
        rect(810, top - 12, 290, 14, { fill: c.inkSoft, rx: 5 }),
        rect(560, top - 50, 110, 50, { fill: c.terracotta, rx: 14 }),
        path(`M560 ${top - 50} q55 -50 110 0`, { sw: 9 }),
        rect(420, top - 36, 120, 34, { fill: c.sky, rx: 17 }),
        rect(440, top - 72, 120, 34, { fill: c.white, rx: 17 }),
        tableLamp(1180, top, { colour: c.ochre }),
      ]),
      plant(1480, f, 1.1, "leafy"),
    ];
  },
};

/** Concrete frame of a house under construction: slabs, columns, some brick infill. */
export function frameHouse(x: number, g: number, w: number): string[] {
  const parts: string[] = [];
  const fh = 260;
  const cols = [x, x + w / 3, x + (2 * w) / 3, x + w];
  for (let f = 0; f < 2; f++) {
    const base = g - f * fh;
    for (const cx of cols)
      parts.push(rect(cx - 16, base - fh + 30, 32, fh - 30, { fill: c.stone, sw: 4 }));
    parts.push(rect(x - 40, base - fh, w + 80, 30, { fill: c.stone, sw: 4 }));
  }
  for (let r = 0; r < 6; r++) {
    for (let b = 0; b < 5; b++) {
      const off = r % 2 ? 28 : 0;
      parts.push(
        rect(x + 16 + b * 56 + off, g - 30 - r * 28, 56, 28, { fill: c.terracotta, sw: 3 }),
      );
    }
  }
  parts.push(
    ...[0, 1, 2, 3].map((i) =>
      segment(x + w / 3 + 40 + i * 60, g - 2 * fh, x + w / 3 + 40 + i * 60, g - 2 * fh - 50, {
        sw: 4,
        stroke: c.inkSoft,
      }),
    ),
  );
  return parts;
}
