/**
 * Drawing kit of the house illustration style (docs/decisions/040-illustration-style.md):
 * flat architectural elevations, one ink colour for every outline, warm neutral grounds,
 * terracotta/ochre accents, olive plants and soft sky-blue glass. Every part returns SVG text.
 */

export const palette = {
  ink: "#1F2A37",
  inkSoft: "#3D4A5A",
  plaster: "#F5EFE6",
  white: "#FBF8F3",
  sand: "#E9DFCF",
  sandDeep: "#DCCDB5",
  shade: "#CDBB9F",
  terracotta: "#B5523B",
  terracottaSoft: "#D88B6E",
  ochre: "#D29A3E",
  ochreSoft: "#EBC987",
  olive: "#6B7A45",
  oliveSoft: "#98A472",
  sky: "#CFE0E8",
  skyDeep: "#A9C7D6",
  sea: "#7FA6B8",
  wood: "#C99F72",
  woodDark: "#9D7551",
  stone: "#BDB09B",
  glow: "#F7E3B0",
} as const;

export type Colour = string;

/** Outline width of the style; every part uses it so the set reads as one hand. */
export const line = 5;

type Attrs = Record<string, string | number | undefined>;

export function el(tag: string, attrs: Attrs, children = ""): string {
  const text = Object.entries(attrs)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}="${typeof v === "number" ? round(v) : v}"`)
    .join(" ");
  return children ? `<${tag} ${text}>${children}</${tag}>` : `<${tag} ${text}/>`;
}

function round(value: number): string {
  return String(Math.round(value * 10) / 10);
}

interface Paint {
  fill?: Colour;
  stroke?: Colour | "none";
  sw?: number;
  opacity?: number;
}

function paint({ fill = "none", stroke = palette.ink, sw = line, opacity }: Paint): Attrs {
  return stroke === "none" ? { fill, opacity } : { fill, stroke, "stroke-width": sw, opacity };
}

export function rect(x: number, y: number, w: number, h: number, p: Paint & { rx?: number } = {}) {
  return el("rect", { x, y, width: w, height: h, rx: p.rx, ...paint(p) });
}

export function circle(cx: number, cy: number, r: number, p: Paint = {}) {
  return el("circle", { cx, cy, r, ...paint(p) });
}

export function ellipse(cx: number, cy: number, rx: number, ry: number, p: Paint = {}) {
  return el("ellipse", { cx, cy, rx, ry, ...paint(p) });
}

export function path(d: string, p: Paint = {}) {
  return el("path", { d, ...paint(p) });
}

export function lines(points: [number, number][], p: Paint = {}) {
  return path(`M${points.map(([x, y]) => `${round(x)} ${round(y)}`).join(" L")}`, p);
}

export function segment(x1: number, y1: number, x2: number, y2: number, p: Paint = {}) {
  return el("line", { x1, y1, x2, y2, ...paint(p) });
}

export function polygon(points: [number, number][], p: Paint = {}) {
  return path(`M${points.map(([x, y]) => `${round(x)} ${round(y)}`).join(" L")} Z`, p);
}

export function group(children: string[], transform?: string) {
  return el("g", { transform }, children.join(""));
}

export function translate(x: number, y: number, children: string[]) {
  return group(children, `translate(${round(x)} ${round(y)})`);
}

export function flipX(axis: number, children: string[]) {
  return group(children, `translate(${round(axis * 2)} 0) scale(-1 1)`);
}

export function scaleAt(x: number, y: number, s: number, children: string[]) {
  return group(
    children,
    `translate(${round(x)} ${round(y)}) scale(${s}) translate(${round(-x)} ${round(-y)})`,
  );
}

/**
 * Enlarge a group of parts around (x, y), e.g. a floor point, to frame a scene closer.
 * Ink outlines keep their width (non-scaling stroke in svg()), so zoomed scenes match the set.
 */
export function zoom(x: number, y: number, s: number, children: string[]) {
  return scaleAt(x, y, s, children);
}

/** Rounded-top rectangle: arches of doors and windows. */
export function archPath(x: number, y: number, w: number, h: number) {
  const r = w / 2;
  return `M${x} ${y + h} L${x} ${y + r} A${r} ${r} 0 0 1 ${x + w} ${y + r} L${x + w} ${y + h} Z`;
}

/** Evenly spaced values from a to b (inclusive), n of them. */
export function spread(a: number, b: number, n: number): number[] {
  if (n === 1) return [(a + b) / 2];
  return Array.from({ length: n }, (_, i) => a + ((b - a) * i) / (n - 1));
}

/** Deterministic pseudo-random numbers, so regenerating the set gives the same drawings. */
export function seeded(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export interface Canvas {
  width: number;
  height: number;
}

export const landscapeCanvas: Canvas = { width: 1600, height: 1200 };
export const wideCanvas: Canvas = { width: 1920, height: 1080 };

/** A complete SVG document; `title` is the accessible name when the file is opened alone. */
export function svg(canvas: Canvas, title: string, body: string[]): string {
  const { width, height } = canvas;
  const text = title.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" stroke-linecap="round" stroke-linejoin="round">\n<title>${text}</title>\n<style>[stroke="${palette.ink}"]{vector-effect:non-scaling-stroke}</style>\n${body.join("\n")}\n</svg>\n`;
}
