/**
 * The quote request's words (issue 12) that the form, the API and the mails share: SPEC §7's
 * five fields, the photos' rules and messages, what the form says while it sends. The details
 * (service, area, budget…) and their choices are described in quote-fields.ts.
 */

export interface Choice {
  value: string;
  label: string;
}

/**
 * The names of SPEC §7's five fields, the same on the form, in its error messages, in the mails
 * and in the admin (issue 11: one label, one place; decision 150).
 */
export const contactLabels = {
  name: "Nombre",
  email: "Correo electrónico",
  phone: "Teléfono",
  subject: "Asunto",
  message: "Mensaje",
} as const;

/**
 * The name of the quote form's group of e-mail and phone, neither of which is «opcional»: the
 * server needs one of the two (a visitor who filled neither is refused on both).
 */
export const reachableLegend = "Teléfono o correo, al menos uno";

/** The longest each written field may be: the server refuses more, the form says so before. */
export const contactLimits = { name: 100, phone: 30, subject: 150, message: 5000 } as const;

/** The label of a stored value, or the value itself if the list changed since. */
export const choiceLabel = (choices: readonly Choice[], value: string): string =>
  choices.find((choice) => choice.value === value)?.label ?? value;

/** What the confirmation says happens next (also the thank-you state of the form). */
export const nextSteps =
  "Revisaremos tu solicitud y te contactaremos en un plazo de 1 día laborable para concretar una visita o pedirte lo que falte.";

/**
 * Photos or plans attached to a request (decision 131): the limits and messages the form and
 * the API share. The API checks each file by its content; the form checks count and size first
 * so a visitor is not kept waiting for an upload that would be refused.
 */
export const photoRules = {
  label: "Fotos o planos (hasta 5)",
  /** What the server takes: the hint before the page's script runs, and without it. */
  hint: "Fotos de la estancia o planos en JPG, PNG, WebP o HEIC, de hasta 10 MB cada uno.",
  /**
   * Once the form can make photos smaller in the browser (decision 181): a heavier photo is
   * taken if it comes under `maxFileBytes` once smaller. Whatever cannot be opened (a HEIC
   * outside Safari) still has to be 10 MB.
   */
  hintShrinking:
    "Fotos de la estancia o planos en JPG, PNG, WebP o HEIC, de hasta 10 MB cada uno. Una foto más pesada, de hasta 50 MB, se reduce antes de enviarla si tu navegador puede abrirla.",
  maxFiles: 5,
  /** Each file the server takes (decision 131). */
  maxFileBytes: 10 * 1024 * 1024,
  /** Each file the browser tries to make smaller (decision 181): a 200 MP phone photo. */
  maxChosenBytes: 50 * 1024 * 1024,
} as const;

/** One file's name as a message names it. */
const named = (name: string) => `«${name}»`;

export const photoMessages = {
  tooMany: `Puedes adjuntar como máximo ${photoRules.maxFiles} fotos.`,
  tooLarge: (name: string) => `${named(name)} pesa más de 10 MB.`,
  /** Over what the browser tries to make smaller (decision 181). */
  tooLargeToShrink: (name: string) => `${named(name)} pesa más de 50 MB.`,
  /** Over the server's limit, and the browser could not make it smaller (decision 181). */
  notShrunk: (name: string) =>
    `${named(name)} pesa más de 10 MB y tu navegador no puede reducirla: envíala como JPG o más pequeña.`,
  notImage: (name: string) => `${named(name)} no es una imagen (JPG, PNG, WebP o HEIC).`,
  unreadable: (name: string) => `${named(name)} está dañada o incompleta y no se puede abrir.`,
  heicUnreadable: (name: string) =>
    `${named(name)} está en un formato HEIC que no podemos abrir; envíala como JPG.`,
  tooManyPixels: (name: string) =>
    `${named(name)} tiene demasiados megapíxeles; envíala con menos resolución.`,
} as const;

/**
 * Said by the server alone, of a file it will not decode (decision 203): apart from
 * `photoMessages`, which the form's script carries, so that /contact's JavaScript does not grow.
 */
export const photoCostMessages = {
  /** Too costly to decode: a decompression bomb, or a JPEG of too many scans. */
  tooCostly: (name: string) =>
    `${named(name)} necesita demasiada memoria o tiempo para abrirla; guárdala como JPG normal o con menos resolución.`,
} as const;

/**
 * Said by the form's live region (decision 181): what the photo list now holds, and what the
 * form is doing while a request goes (a phone's slow upload can take a minute). With photos,
 * the upload's bar and its figures are shown, and said every quarter (decision 181).
 */
export const sendingMessages = {
  chosen: (count: number) => (count === 1 ? "1 foto elegida" : `${count} fotos elegidas`),
  removed: (name: string) => `Foto quitada: ${name}`,
  preparing: "Preparando las fotos para enviarlas…",
  sending: (photos: number, size: string) =>
    photos
      ? `Enviando tu solicitud y ${photos === 1 ? "1 foto" : `${photos} fotos`} (${size})… no cierres la página.`
      : "Enviando tu solicitud… no cierres la página.",
  choose: "Añadir fotos",
  /** The upload's bar. */
  progressName: "Envío de la solicitud",
  /** Under the bar, as the bytes leave: «Enviando… 45 % (0,9 de 1,9 MB)». */
  progress: (percent: string, size: string) =>
    `Enviando… ${percent} (${size}). No cierres la página.`,
  /** Said at each quarter of the upload. */
  quarter: (percent: string) => `Enviado el ${percent}.`,
  /** Every byte gone; the server checks the photos before it answers. */
  sent: "Enviado. Esperando la confirmación…",
  /** A passing outage (decision 197): said once per wait, not counted down. */
  waiting: ({
    attempt,
    attempts,
    seconds,
  }: {
    attempt: number;
    attempts: number;
    seconds: number;
  }) =>
    `Tu solicitud no ha llegado todavía por un problema temporal. La enviamos de nuevo en ${seconds} segundos (intento ${attempt} de ${attempts}); no cierres la página.`,
} as const;

/** Said above the form when it comes back filled from this tab's draft (decision 172). */
export const draftMessages = {
  recovered: "Hemos recuperado lo que habías escrito en esta pestaña.",
  photosLost: (count: number) =>
    count === 1
      ? "La foto no se puede guardar: vuelve a elegirla."
      : `Las ${count} fotos no se pueden guardar: vuelve a elegirlas.`,
  clear: "Vaciar el formulario",
} as const;
