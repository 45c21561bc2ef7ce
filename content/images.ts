/**
 * Every image of the site: id, Spanish alt text and intrinsic size. The source of an image lives
 * in content/images/src/<id>.{svg,jpg,jpeg,png,webp}; scripts/build-images.ts turns it into
 * AVIF and WebP variants at /images/generated/<id>-<width>.<format>, cropped to the size below,
 * so the <Picture> component can compute every URL by convention and nothing shifts on load.
 *
 * To replace an illustration with a photo: drop the photo under the same id, adjust the alt
 * text here so it describes the photo, and rebuild (docs/decisions/041-image-pipeline.md).
 * Once the gallery images are photos of the company's own finished jobs, set
 * `photosOfFinishedWork` below to true: only then do headings call them "obras" (issue 12).
 */

/** False while the pictures are illustrations: no heading may present them as finished jobs. */
export const photosOfFinishedWork: boolean = false;

export type ImageShape = "wide" | "landscape";

/** Intrinsic size per shape: 16:9 for hero and carousel, 4:3 for everything else. */
export const shapeSize = {
  wide: { width: 1920, height: 1080 },
  landscape: { width: 1600, height: 1200 },
} as const satisfies Record<ImageShape, { width: number; height: number }>;

/** Variant widths produced for each shape (never wider than the intrinsic width). */
export const shapeWidths = {
  wide: [480, 800, 1200, 1600, 1920],
  landscape: [480, 800, 1200, 1600],
} as const satisfies Record<ImageShape, readonly number[]>;

export const imageFormats = ["avif", "webp"] as const;
export type ImageFormat = (typeof imageFormats)[number];

/** Public URL folder of the generated variants (served from public/images/generated). */
export const generatedImagesPath = "/images/generated";

interface ImageInfo {
  alt: string;
  shape: ImageShape;
}

const wide = (alt: string): ImageInfo => ({ alt, shape: "wide" });
const landscape = (alt: string): ImageInfo => ({ alt, shape: "landscape" });

const siteImages = {
  hero: wide(
    "Ilustración de una casa mediterránea encalada con tejado de teja árabe, ventanas en arco con contraventanas azules y un olivo; un andamio cubre el ala derecha durante la reforma.",
  ),
  "slide-1": wide(
    "Ilustración de un salón en plena reforma: una escalera de pintor, un rodillo y la pared a medio pintar en tono arena junto a un sofá cubierto con una sábana.",
  ),
  "slide-2": wide(
    "Ilustración de una vivienda de dos plantas en construcción con la estructura de hormigón a la vista, una grúa torre y palés de ladrillo.",
  ),
  "slide-3": wide(
    "Ilustración de un salón terminado con sofá de lino, lámpara de pie, plantas y una ventana en arco con vistas al mar.",
  ),
  "cat-reformas": landscape(
    "Ilustración de una cocina reformada con muebles en terracota, encimera clara y una escalera de pintor apoyada en la pared.",
  ),
  "cat-construccion": landscape(
    "Ilustración de una casa de nueva construcción de dos plantas con cubierta plana y un ala aún en estructura de hormigón, una grúa y el vallado de la obra.",
  ),
  "cat-interiorismo": landscape(
    "Ilustración de un dormitorio decorado con cabecero de madera, ropa de cama en tonos arena, lámpara colgante y una planta.",
  ),
  team: landscape(
    "Ilustración del equipo en la oficina técnica revisando planos sobre una mesa, con una obra al fondo tras la ventana.",
  ),
  contact: landscape(
    "Ilustración de un escritorio de atención con teléfono, ordenador portátil y planos enrollados, junto a una ventana en arco con vistas a los tejados de la ciudad.",
  ),
} satisfies Record<string, ImageInfo>;

/** Four images per service detail page; `-1` is the page's main image. */
const serviceImages = {
  "reformas-integrales": [
    "Ilustración en sección de un piso reformado por completo: cocina, salón y baño renovados.",
    "Ilustración del plano de planta de una vivienda con la nueva distribución de cocina, salón, dormitorio y baño.",
    "Ilustración de un pintor pasando el rodillo en un salón en obra, con el suelo protegido, una escalera y la pared a medio pintar.",
    "Ilustración de un salón comedor terminado con mesa de madera, estantería empotrada y suelo de tarima.",
  ],
  "reformas-de-cocinas": [
    "Ilustración de una cocina reformada con isla central en terracota, taburetes y tres lámparas colgantes.",
    "Ilustración de una cocina con muebles verde oliva, una columna de armarios, ventana y plantas aromáticas sobre la encimera.",
    "Ilustración del frente de una cocina con placa de inducción, campana y azulejos de cerámica.",
    "Ilustración de una cocina abierta al comedor con mesa redonda, sillas de madera y lámpara colgante.",
  ],
  "reformas-de-banos": [
    "Ilustración de un baño reformado con ducha a ras de suelo, mampara de vidrio, mueble de lavabo y espejo.",
    "Ilustración de un baño con bañera exenta bajo una ventana y suelo de baldosa hidráulica.",
    "Ilustración de un lavabo sobre encimera de madera con espejo redondo, grifería negra y una planta.",
    "Ilustración de un baño en obra con azulejos a medio colocar, nivel y cubo de cemento cola.",
  ],
  "reformas-de-hoteles": [
    "Ilustración de una habitación de hotel con cama doble, cabecero tapizado, mesillas con lámparas y ventana al mar.",
    "Ilustración de la recepción de un hotel con mostrador de madera, lámparas colgantes, sofá y plantas.",
    "Ilustración de la fachada de un hotel mediterráneo con balcones, toldos y palmeras.",
    "Ilustración de la terraza de un hotel con piscina, tumbonas y sombrillas.",
  ],
  "reformas-de-casas-y-chalets": [
    "Ilustración de un chalet encalado con jardín, piscina y pérgola.",
    "Ilustración de una casa de dos plantas con porche y andamio durante la reforma de la fachada.",
    "Ilustración del salón de un chalet con chimenea, butaca y ventanal al jardín.",
    "Ilustración de una terraza con pérgola de madera, mesa para comer al aire libre y macetas.",
  ],
  "reformas-de-locales-comerciales": [
    "Ilustración de la fachada de una tienda con toldo de rayas, escaparate amplio y rótulo.",
    "Ilustración del interior de una cafetería con barra, taburetes y lámparas colgantes.",
    "Ilustración del interior de una tienda con estanterías de madera, mostrador y expositor central.",
    "Ilustración de un local comercial en obra con vallado, escalera y el escaparate protegido.",
  ],
  "reparacion-de-fachadas": [
    "Ilustración de un edificio de viviendas con la fachada cubierta por un andamio y una lona de protección.",
    "Ilustración de un operario sobre un andamio pintando la fachada, con la mitad ya terminada.",
    "Ilustración del detalle de un balcón con grietas marcadas y el canto del forjado saneado, y un operario trabajando desde el andamio.",
    "Ilustración de un edificio de viviendas con la fachada rehabilitada, balcones y persianas nuevas.",
  ],
  "reformas-de-tejados-y-azoteas": [
    "Ilustración de una azotea reformada con pérgola, plantas, tumbonas y vistas a los tejados de la ciudad.",
    "Ilustración de un tejado inclinado en el que se sustituyen las tejas, con una escalera apoyada en la fachada.",
    "Ilustración en sección de una cubierta plana con sus capas: forjado, aislamiento, impermeabilización y baldosa.",
    "Ilustración de una azotea con placas solares, claraboya y chimenea sobre un edificio blanco.",
  ],
  "construccion-de-viviendas": [
    "Ilustración de una vivienda unifamiliar moderna recién construida, con grandes ventanales y cubierta plana.",
    "Ilustración de una vivienda en construcción con la estructura de hormigón, una grúa y un camión hormigonera.",
    "Ilustración del alzado técnico de una vivienda con cotas, como en un plano de proyecto.",
    "Ilustración de una hilera de casas adosadas nuevas con jardines delanteros.",
  ],
  "rehabilitacion-de-edificios": [
    "Ilustración de un edificio clásico con balcones de forja cubierto por andamio y redes durante su rehabilitación.",
    "Ilustración de la misma fachada antes y después de la rehabilitación, dividida por la mitad.",
    "Ilustración de la caja de escalera de un edificio con un ascensor nuevo instalado en el hueco.",
    "Ilustración de un edificio rehabilitado con comercios en planta baja y fachada restaurada.",
  ],
  "construccion-de-locales-comerciales": [
    "Ilustración de un local comercial de nueva construcción con fachada de vidrio y marquesina.",
    "Ilustración del interior diáfano de un local en obra con pilares, conductos de ventilación y andamio.",
    "Ilustración de un restaurante recién terminado con mesas, banco corrido y lámparas colgantes.",
    "Ilustración de una nave comercial moderna con aparcamiento y arbolado.",
  ],
  "diseno-y-decoracion-de-interiores": [
    "Ilustración de un salón decorado con sofá, alfombra, cuadros, plantas y un arco entre estancias.",
    "Ilustración de un panel de materiales con muestras de color, telas, azulejos y madera sobre una mesa.",
    "Ilustración de un comedor con mesa de madera, sillas tapizadas y lámpara colgante de fibra.",
    "Ilustración de un dormitorio con cama, banco a los pies, lámpara de mesilla y cortinas de lino.",
  ],
  "mobiliario-a-medida": [
    "Ilustración de una pared de librería y armario empotrado hechos a medida alrededor de una puerta.",
    "Ilustración de un taller de carpintería con banco de trabajo, herramientas en la pared, tablones de madera y el carpintero.",
    "Ilustración de un mueble de salón a medida con banco bajo la ventana y estanterías.",
    "Ilustración del dibujo técnico de un mueble a medida con sus cotas.",
  ],
  "iluminacion-y-domotica": [
    "Ilustración de un salón al anochecer con lámparas encendidas y un panel de domótica en la pared.",
    "Ilustración de tres lámparas colgantes de distintas formas encendidas sobre una mesa.",
    "Ilustración de una tableta que controla luces, persianas y temperatura de la casa.",
    "Ilustración del plano de una vivienda con los puntos de luz, persianas y sensores de la instalación domótica.",
  ],
} as const satisfies Record<string, readonly [string, string, string, string]>;

export type ServiceSlug = keyof typeof serviceImages;
export type ServiceImageId = `${ServiceSlug}-${1 | 2 | 3 | 4}`;
export type ImageId = keyof typeof siteImages | ServiceImageId;

export interface ImageEntry {
  id: ImageId;
  alt: string;
  shape: ImageShape;
  width: number;
  height: number;
}

function entry(id: ImageId, info: ImageInfo): ImageEntry {
  return { id, ...info, ...shapeSize[info.shape] };
}

export const images: Readonly<Record<ImageId, ImageEntry>> = Object.fromEntries([
  ...Object.entries(siteImages).map(([id, info]) => [id, entry(id as ImageId, info)]),
  ...Object.entries(serviceImages).flatMap(([slug, alts]) =>
    alts.map((alt, index) => {
      const id = `${slug}-${index + 1}` as ImageId;
      return [id, entry(id, landscape(alt))];
    }),
  ),
]) as Record<ImageId, ImageEntry>;

export const imageIds = Object.keys(images) as ImageId[];

/** The images of a service detail page, main image first. */
export function serviceImageIds(slug: ServiceSlug): ServiceImageId[] {
  return [1, 2, 3, 4].map((n) => `${slug}-${n}` as ServiceImageId);
}

/** Every service image, e.g. for the gallery page. */
export const allServiceImageIds: ServiceImageId[] = (
  Object.keys(serviceImages) as ServiceSlug[]
).flatMap(serviceImageIds);

export function isImageId(value: string): value is ImageId {
  return Object.hasOwn(images, value);
}

/** URL of one generated variant. */
export function imageUrl(id: ImageId, width: number, format: ImageFormat): string {
  return `${generatedImagesPath}/${id}-${width}.${format}`;
}

/** `srcset` value listing every width of one format. */
export function imageSrcSet(id: ImageId, format: ImageFormat): string {
  const { shape } = images[id];
  return shapeWidths[shape].map((w) => `${imageUrl(id, w, format)} ${w}w`).join(", ");
}
