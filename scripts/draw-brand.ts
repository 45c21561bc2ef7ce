/**
 * `node --import tsx scripts/draw-brand.ts`: regenerates the committed brand files in public/
 * from public/favicon.svg and the hero illustration: favicon.ico (16 + 32 px),
 * apple-touch-icon.png (180 px) and og-image.jpg (1200 x 630, the social preview). The preview is
 * laid out in HTML and shot with the system Chromium so the wordmark uses the site's own font.
 */
import { readFile, writeFile } from "node:fs/promises";
import { chromium } from "playwright-core";
import sharp from "sharp";

const root = new URL("../", import.meta.url);
const file = (relative: string) => new URL(relative, root);
const favicon = await readFile(file("public/favicon.svg"));

/** ICO container holding PNG images (every current browser reads PNG-in-ICO). */
function ico(pngs: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * pngs.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(pngs.length, 4);
  let offset = header.length;
  pngs.forEach(({ size, data }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size, entry);
    header.writeUInt8(size, entry + 1);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(data.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...pngs.map((p) => p.data)]);
}

const icon = (size: number) =>
  sharp(favicon, { density: (72 * size) / 40 })
    .resize(size, size)
    .png()
    .toBuffer();
await writeFile(
  file("public/favicon.ico"),
  ico([
    { size: 16, data: await icon(16) },
    { size: 32, data: await icon(32) },
  ]),
);
// iOS draws its own rounded corners: the tile fills the square on the plaster ground.
await sharp(favicon, { density: (72 * 180) / 40 })
  .resize(180, 180)
  .flatten({ background: "#a4452f" })
  .png()
  .toFile(new URL("public/apple-touch-icon.png", root).pathname);

const hero = await sharp(await readFile(file("content/images/src/hero.svg")))
  .resize(1400)
  .png()
  .toBuffer();
// setContent pages cannot read file: URLs, so the fonts travel inline.
const fontData = async (relative: string) =>
  `data:font/woff2;base64,${(await readFile(file(`node_modules/@fontsource-variable/${relative}`))).toString("base64")}`;
const fontUrl = await fontData("fraunces/files/fraunces-latin-wght-normal.woff2");
const interUrl = await fontData("inter/files/inter-latin-wght-normal.woff2");
const html = `<!doctype html><html lang="es"><head><meta charset="utf-8"><style>
@font-face { font-family: Fraunces; src: url(${fontUrl}) format("woff2"); font-weight: 100 900; }
@font-face { font-family: Inter; src: url(${interUrl}) format("woff2"); font-weight: 100 900; }
* { margin: 0; box-sizing: border-box; }
body { width: 1200px; height: 630px; overflow: hidden; background: #faf7f2; font-family: Inter; color: #1f2a37; }
.art { position: absolute; inset: 0 0 0 430px; background: url(data:image/png;base64,${hero.toString("base64")}) right -40px center / auto 100% no-repeat; }
.panel { position: absolute; inset: 0 auto 0 0; width: 560px; padding: 64px 56px; background: #faf7f2;
  clip-path: polygon(0 0, 100% 0, 82% 100%, 0 100%); display: flex; flex-direction: column; justify-content: center; gap: 28px; }
.brand { display: flex; align-items: center; gap: 18px; }
.brand svg { width: 84px; height: 84px; }
h1 { font-family: Fraunces; font-weight: 600; font-size: 58px; line-height: 1; letter-spacing: -0.5px; }
p { font-size: 27px; line-height: 1.35; color: #3d4a5a; max-width: 400px; }
.cities { font-size: 17px; font-weight: 700; letter-spacing: 0.6px; color: #a4452f; text-transform: uppercase; }
</style></head><body><div class="art"></div><div class="panel">
<div class="brand">${favicon.toString()}</div>
<h1>Obra<br>Mediterránea</h1>
<p>Reformas, construcción e interiorismo con un único interlocutor.</p>
<div class="cities">Madrid · Barcelona · Valencia · Alicante</div>
</div></body></html>`;

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(html, { waitUntil: "load" });
await page.evaluate(() => document.fonts.ready);
const shot = await page.screenshot({ type: "png" });
await browser.close();
await sharp(shot)
  .jpeg({ quality: 82, mozjpeg: true })
  .toFile(new URL("public/og-image.jpg", root).pathname);
console.log("[brand] favicon.ico, apple-touch-icon.png and og-image.jpg written to public/");
