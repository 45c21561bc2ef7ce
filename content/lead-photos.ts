/**
 * What staff and the visitor's confirmation call the photos sent with a quote request (the form
 * itself asks for "Fotos o planos", content/quote-request.ts): received and kept on the site,
 * never attached to a mail (decision 131), so not "adjuntas". Only the admin imports this file
 * in the browser (vite.config.ts keeps it out of the public pages' chunk).
 */
import { company } from "./company";

export const leadPhotosLabel = "Fotos recibidas";

/** The names of photos the site could not keep (decision 174), as one list. */
export const photosNotReceivedLabel = "Fotos no recibidas";

/** «a.jpg», «b.jpg» y «c.jpg» */
function namesInWords(names: readonly string[]): string {
  const quoted = names.map((name) => `«${name}»`);
  return quoted.length > 1
    ? `${quoted.slice(0, -1).join(", ")} y ${quoted.at(-1)}`
    : (quoted[0] ?? "");
}

/** The WhatsApp number as a Spanish reader dials it: 600 000 000, or +CC… abroad. */
function whatsAppNumber(digits: string): string {
  const spanish = /^34(\d{3})(\d{3})(\d{3})$/.exec(digits);
  return spanish ? spanish.slice(1).join(" ") : `+${digits}`;
}

/**
 * Said to the visitor when the site had no room on its disk for the photos they sent: the
 * request was stored without them (never refused for them), and this is how to send them. The
 * answer on the page says "tu referencia" (it shows the reference right after); the
 * confirmation mail names it (`photosNotReceivedBefore` + the reference + ".").
 */
export function photosNotReceived(names: readonly string[]): string {
  const one = names.length === 1;
  const which = one ? `la foto ${namesInWords(names)}` : `las fotos ${namesInWords(names)}`;
  return `${askForPhotos(which, one)}tu referencia.`;
}

/**
 * The mail's sentence up to the reference, which the mail keeps on one line. It counts the
 * photos and never names them: a file's name is the sender's text, and the mail goes to an
 * address nobody has proven (decision 205).
 */
export function photosNotReceivedBefore(count: number): string {
  return `${askForPhotos(count === 1 ? "la foto que enviaste" : `las ${count} fotos que enviaste`, count === 1)}la referencia `;
}

function askForPhotos(which: string, one: boolean): string {
  const ways = company.whatsapp
    ? `por correo a ${company.email} o por WhatsApp al ${whatsAppNumber(company.whatsapp)}`
    : `por correo a ${company.email}`;
  return `No hemos podido recibir ${which} por un problema técnico nuestro: envíanos${one ? "la" : "las"} ${ways}, indicando `;
}

/** The staff notice's sentence: what the visitor was told, and that the site needs looking at. */
export function photosNotReceivedForStaff(count: number): string {
  return count === 1
    ? "No se ha podido guardar la foto que ha enviado: el disco del servidor está casi lleno. Le hemos pedido que la envíe por correo o por WhatsApp. Avisa a quien mantiene la web."
    : `No se han podido guardar las ${count} fotos que ha enviado: el disco del servidor está casi lleno. Le hemos pedido que las envíe por correo o por WhatsApp. Avisa a quien mantiene la web.`;
}
