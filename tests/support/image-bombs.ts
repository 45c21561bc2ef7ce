/**
 * Image files made to cost a decoder far more than their size (issue 33, decision 203), built
 * here in a fraction of a second so that no large binary is committed:
 * - `avifGrid`: a 7000 × 7000 12-bit RGBA AVIF of a few kilobytes, which libheif decodes whole
 *   (1.2 GB before decision 203).
 * - `blackPng`: a 10000 × 10000 16-bit interlaced PNG of about 600 KB, which libvips
 *   decodes whole (600 MB of pixels).
 * - `scanBomb`: a progressive JPEG with thousands of scans, whose every scan walks every block
 *   of the image before the first pixel comes out (tens of seconds of CPU).
 *
 * `node --import tsx tests/support/image-bombs.ts <folder>` writes the three files there (to try
 * them against a running site with curl).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import sharp from "sharp";

// ---------------------------------------------------------------------------------------------
// ISO BMFF boxes (AVIF)

const u8 = (value: number) => Buffer.from([value]);
function u16(value: number) {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(value);
  return b;
}
function u32(value: number) {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(value);
  return b;
}
function box(type: string, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, "latin1"), body]);
}
/** A "full box": version and flags before the content. */
const fullBox = (type: string, version: number, flags: number, ...content: Buffer[]) =>
  box(type, u8(version), u8(flags >> 16), u16(flags & 0xffff), ...content);

interface BoxAt {
  type: string;
  start: number;
  end: number;
}
/** The boxes between `start` and `end` (the header of a full box is the caller's to skip). */
function boxesIn(data: Buffer, start: number, end: number): BoxAt[] {
  const found: BoxAt[] = [];
  for (let at = start; at + 8 <= end; ) {
    const size = data.readUInt32BE(at);
    found.push({ type: data.toString("latin1", at + 4, at + 8), start: at, end: at + size });
    at += size;
  }
  return found;
}

/** What a grid needs of one AVIF tile sharp made: its coded bytes and its items' properties. */
interface Tile {
  ftyp: Buffer;
  hdlr: Buffer;
  colour: { coded: Buffer; av1C: Buffer; pixi: Buffer };
  alpha?: { coded: Buffer; av1C: Buffer; pixi: Buffer; auxC: Buffer };
}

/** Takes apart sharp's AVIF of one image: item 1 the colour, item 2 its alpha if any. */
function tileOf(file: Buffer): Tile {
  const bytesOf = (b: BoxAt) => file.subarray(b.start, b.end);
  const top = boxesIn(file, 0, file.length);
  const find = (boxes: BoxAt[], type: string, nth = 0) => {
    const found = boxes.filter((b) => b.type === type)[nth];
    if (!found) throw new Error(`no ${type} box in sharp's AVIF`);
    return found;
  };
  const meta = find(top, "meta");
  const inMeta = boxesIn(file, meta.start + 12, meta.end);
  const iprp = find(inMeta, "iprp");
  const ipco = find(boxesIn(file, iprp.start + 8, iprp.end), "ipco");
  const properties = boxesIn(file, ipco.start + 8, ipco.end);
  const property = (type: string, nth = 0) => bytesOf(find(properties, type, nth));
  // iloc version 0 with 4-byte (or absent) offsets and lengths, one extent per item.
  const iloc = find(inMeta, "iloc");
  const sizes = file.readUInt16BE(iloc.start + 12);
  const [offsetSize, lengthSize, baseSize] = [sizes >> 12, (sizes >> 8) & 15, (sizes >> 4) & 15];
  if (
    file[iloc.start + 8] !== 0 ||
    ![offsetSize, lengthSize, baseSize].every((n) => n === 0 || n === 4)
  ) {
    throw new Error("unexpected iloc layout in sharp's AVIF");
  }
  const field = (where: number, size: number) => (size ? file.readUInt32BE(where) : 0);
  const coded = new Map<number, Buffer>();
  let at = iloc.start + 16;
  for (let i = file.readUInt16BE(iloc.start + 14); i > 0; i--) {
    const id = file.readUInt16BE(at);
    const base = field(at + 4, baseSize);
    at += 4 + baseSize;
    if (file.readUInt16BE(at) !== 1) throw new Error("an item of several extents in sharp's AVIF");
    const offset = base + field(at + 2, offsetSize);
    coded.set(id, file.subarray(offset, offset + field(at + 2 + offsetSize, lengthSize)));
    at += 2 + offsetSize + lengthSize;
  }
  const colour = coded.get(1);
  const alpha = coded.get(2);
  if (!colour) throw new Error("sharp's AVIF has no colour item");
  return {
    ftyp: bytesOf(find(top, "ftyp")),
    hdlr: bytesOf(find(inMeta, "hdlr")),
    colour: { coded: colour, av1C: property("av1C"), pixi: property("pixi") },
    alpha: alpha && {
      coded: alpha,
      av1C: property("av1C", 1),
      pixi: property("pixi", 1),
      auxC: property("auxC"),
    },
  };
}

/**
 * A `width` × `height` AVIF made of one small tile that sharp encodes (so it takes a fraction of
 * a second): the image is a grid whose every cell refers to that same coded tile, with an alpha
 * grid beside it when `alpha`. It is how phones write HEIC (a grid of 512 px tiles), and libheif
 * decodes the whole grid into one buffer before libvips copies it. By default 7000 × 7000 of
 * 12 bits with alpha: a file of about 1.5 KB that takes 1.2 GB to decode (issue 33).
 */
export async function avifGrid({
  width = 7000,
  height = 7000,
  tile = 500,
  depth = 12,
  alpha = true,
}: {
  width?: number;
  height?: number;
  tile?: number;
  depth?: 8 | 10 | 12;
  alpha?: boolean;
} = {}) {
  const columns = Math.ceil(width / tile);
  const rows = Math.ceil(height / tile);
  const made = tileOf(
    await sharp({
      create: {
        width: tile,
        height: tile,
        channels: alpha ? 4 : 3,
        background: { r: 180, g: 120, b: 60, alpha: 0.5 },
      },
    })
      .avif({ bitdepth: depth, effort: 0, chromaSubsampling: "4:4:4" })
      .toBuffer(),
  );
  const withAlpha = made.alpha;
  if (alpha && !withAlpha) throw new Error("sharp's AVIF has no alpha item");
  // Items: 1 the colour grid (primary), 2 the colour tile, 3 the alpha grid, 4 the alpha tile.
  const grid = Buffer.concat([
    u8(0),
    u8(0),
    u8(rows - 1),
    u8(columns - 1),
    u16(width),
    u16(height),
  ]);
  const ispe = (w: number, h: number) => fullBox("ispe", 0, 0, u32(w), u32(h));
  // Properties, numbered from 1 in this order: 0x80 marks one a reader must understand.
  const ipco = box(
    "ipco",
    ispe(width, height), // 1
    ispe(tile, tile), // 2
    made.colour.av1C, // 3
    made.colour.pixi, // 4
    ...(withAlpha ? [withAlpha.av1C, withAlpha.pixi, withAlpha.auxC] : []), // 5, 6, 7
  );
  const associations: [number, number[]][] = [
    [1, [1, 4]],
    [2, [0x83, 2, 4]],
    ...(withAlpha
      ? ([
          [3, [1, 6, 0x87]],
          [4, [0x85, 2, 6]],
        ] as [number, number[]][])
      : []),
  ];
  const ipma = fullBox(
    "ipma",
    0,
    0,
    u32(associations.length),
    ...associations.flatMap(([id, list]) => [u16(id), u8(list.length), Buffer.from(list)]),
  );
  // The tiles are hidden items (flag 1): only the grids are images.
  const infe = (id: number, type: string, hidden: boolean) =>
    fullBox("infe", 2, hidden ? 1 : 0, u16(id), u16(0), Buffer.from(type, "latin1"), u8(0));
  const items = withAlpha ? 4 : 2;
  const reference = (type: string, from: number, to: number[]) =>
    box(type, u16(from), u16(to.length), ...to.map(u16));
  const cells = columns * rows;
  const iref = fullBox(
    "iref",
    0,
    0,
    reference("dimg", 1, Array(cells).fill(2)),
    ...(withAlpha ? [reference("dimg", 3, Array(cells).fill(4)), reference("auxl", 3, [1])] : []),
  );
  const mdatContent = [grid, made.colour.coded, ...(withAlpha ? [withAlpha.coded] : [])];
  const metaAt = (mdatStart: number) => {
    let offset = mdatStart + 8;
    const [gridAt = 0, colourAt = 0, alphaAt = 0] = mdatContent.map((content) => {
      const here = offset;
      offset += content.length;
      return here;
    });
    const extent = (id: number, where: number, length: number) =>
      Buffer.concat([u16(id), u16(0), u16(1), u32(where), u32(length)]);
    const iloc = fullBox(
      "iloc",
      0,
      0,
      u16(0x4400),
      u16(items),
      extent(1, gridAt, grid.length),
      extent(2, colourAt, made.colour.coded.length),
      ...(withAlpha
        ? [extent(3, gridAt, grid.length), extent(4, alphaAt, withAlpha.coded.length)]
        : []),
    );
    const iinf = fullBox(
      "iinf",
      0,
      0,
      u16(items),
      infe(1, "grid", false),
      infe(2, "av01", true),
      ...(withAlpha ? [infe(3, "grid", false), infe(4, "av01", true)] : []),
    );
    const pitm = fullBox("pitm", 0, 0, u16(1));
    return fullBox("meta", 0, 0, made.hdlr, pitm, iloc, iinf, iref, box("iprp", ipco, ipma));
  };
  // The offsets in iloc depend on the meta box's size, which does not depend on them.
  const mdatStart = made.ftyp.length + metaAt(0).length;
  return Buffer.concat([made.ftyp, metaAt(mdatStart), box("mdat", ...mdatContent)]);
}

// ---------------------------------------------------------------------------------------------
// PNG

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
  return Buffer.concat([u32(data.length), typed, u32(crc32(typed))]);
}

/** Adam7's seven passes: where each starts and how far apart its pixels are. */
const adam7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/**
 * A black `side` × `side` PNG of RGB, interlaced (Adam7) unless told; by default 10000 px square
 * of 16 bits, the bomb. Its decompressed data is only zeros (filter byte 0 and black pixels), so
 * it is written as one deflated block of zeros repeated, each ending in a full flush so that it
 * stands alone: 600 MB of image data in some 600 KB, made in milliseconds.
 */
export function blackPng({
  side = 10_000,
  depth = 16,
  interlaced = true,
}: {
  side?: number;
  depth?: 8 | 16;
  interlaced?: boolean;
} = {}): Buffer {
  const bytesPerPixel = (3 * depth) / 8;
  let total = 0;
  for (const [x0, y0, dx, dy] of interlaced ? adam7 : ([[0, 0, 1, 1]] as const)) {
    const columns = Math.ceil((side - x0) / dx);
    const rows = Math.ceil((side - y0) / dy);
    if (columns > 0 && rows > 0) total += rows * (1 + columns * bytesPerPixel);
  }
  const piece = 1024 * 1024;
  const flushed = (length: number) =>
    zlib.deflateRawSync(Buffer.alloc(length), {
      level: 9,
      finishFlush: zlib.constants.Z_FULL_FLUSH,
    });
  const whole = flushed(piece);
  const pieces: Buffer[] = Array(Math.floor(total / piece)).fill(whole);
  if (total % piece) pieces.push(flushed(total % piece));
  // zlib's header, the blocks, an empty final block (fixed codes), Adler-32 of `total` zeros.
  const adler = (((total % 65521) << 16) | 1) >>> 0;
  const idat = Buffer.concat([
    Buffer.from([0x78, 0xda]),
    ...pieces,
    Buffer.from([0x03, 0x00]),
    u32(adler),
  ]);
  const header = Buffer.concat([
    u32(side),
    u32(side),
    Buffer.from([depth, 2, 0, 0, interlaced ? 1 : 0]),
  ]);
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < idat.length; offset += 65536) {
    chunks.push(pngChunk("IDAT", idat.subarray(offset, offset + 65536)));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    ...chunks,
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

// ---------------------------------------------------------------------------------------------
// JPEG

function segment(marker: number, content: Buffer): Buffer {
  return Buffer.concat([Buffer.from([0xff, marker]), u16(content.length + 2), content]);
}

/**
 * A flat grey JPEG of `width` × `height`, written by hand in milliseconds where libjpeg takes
 * seconds for a large one: one component, or three (YCbCr 4:2:0, as phones write them). Each
 * Huffman table holds one code, "0": every DC difference is 0 and every block ends at once.
 * - `scans: 1`: baseline, one scan of all components, two bits a block.
 * - `scans` > 1: progressive, one DC scan, then the luma's "first AC scan" again and again, which
 *   libjpeg takes without a warning (each is a first pass, Ah = Al = 0). Each is a few
 *   end-of-band runs of 16384 blocks (about 120 bytes for 8000 px square) that still make libjpeg
 *   visit every block, before the first row comes out, in one call nothing can interrupt.
 */
export function jpegFile({
  width,
  height,
  colour = false,
  scans = 1,
}: {
  width: number;
  height: number;
  colour?: boolean;
  scans?: number;
}): Buffer {
  const progressive = scans > 1;
  // Components: id, sampling (horizontal << 4 | vertical), quantisation table.
  const components = colour
    ? [
        [1, 0x22, 0],
        [2, 0x11, 0],
        [3, 0x11, 0],
      ]
    : [[1, 0x11, 0]];
  const mcu = colour ? 16 : 8;
  const mcus = Math.ceil(width / mcu) * Math.ceil(height / mcu);
  const blocksPerMcu = colour ? 6 : 1;
  const lumaBlocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  const huffman = (tableClass: number, symbol: number) =>
    segment(0xc4, Buffer.concat([u8(tableClass << 4), u8(1), Buffer.alloc(15), u8(symbol)]));
  const scanHeader = (ids: number[], ss: number, se: number) =>
    segment(
      0xda,
      Buffer.concat([
        u8(ids.length),
        ...ids.map((id) => Buffer.from([id, 0x00])),
        Buffer.from([ss, se, 0]),
      ]),
    );
  // Every code and extra bit is 0; the last byte is padded with 1s, as the standard says.
  const bits = (count: number) => {
    const bytes = Buffer.alloc(Math.ceil(count / 8));
    if (count % 8) bytes[bytes.length - 1] = 0xff >> (count % 8);
    return bytes;
  };
  const ids = components.map(([id]) => id as number);
  const frame = Buffer.concat([
    u8(8),
    u16(height),
    u16(width),
    u8(components.length),
    ...components.map((c) => Buffer.from(c)),
  ]);
  const body = progressive
    ? [
        // DC difference 0; AC: "a run of 2^14 blocks that end at once", plus 14 extra bits.
        huffman(0, 0x00),
        huffman(1, 0xe0),
        scanHeader(ids, 0, 0),
        bits(mcus * blocksPerMcu),
        ...Array(scans - 1).fill(
          Buffer.concat([scanHeader([1], 1, 63), bits(Math.ceil(lumaBlocks / 16384) * 15)]),
        ),
      ]
    : [huffman(0, 0x00), huffman(1, 0x00), scanHeader(ids, 0, 63), bits(mcus * blocksPerMcu * 2)];
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xdb, Buffer.concat([u8(0), Buffer.alloc(64, 1)])),
    segment(progressive ? 0xc2 : 0xc0, frame),
    ...body,
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** An 8000 px square progressive JPEG of 2,649 scans: some 460 KB, a minute of CPU (issue 33). */
export const scanBomb = ({ scans = 2649 } = {}) => jpegFile({ width: 8000, height: 8000, scans });

/** The three files of issue 33, named as a visitor might have named them. */
export const imageBombs = [
  {
    name: "azotea.avif",
    type: "image/avif",
    what: "a 7000 × 7000 AVIF of 12-bit RGBA",
    make: () => avifGrid(),
  },
  {
    name: "plano.png",
    type: "image/png",
    what: "a 10000 × 10000 interlaced PNG of 16-bit RGB",
    make: async () => blackPng(),
  },
  {
    name: "fachada.jpg",
    type: "image/jpeg",
    what: "a progressive JPEG of 2,649 scans",
    make: async () => scanBomb(),
  },
] as const;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const folder = process.argv[2] ?? ".cache/image-bombs";
  mkdirSync(folder, { recursive: true });
  for (const { name, make } of imageBombs) {
    const data = await make();
    writeFileSync(path.join(folder, name), data);
    console.log(`${path.join(folder, name)}: ${data.length} bytes`);
  }
}
