import { bidiControl, bidiControls } from "../bidi.ts";
import { mailCompany } from "./company.ts";
import type { MailMessage } from "./mailer.ts";

/** The trade name staff published in «Empresa» (mails read it when written). */
export const companyName = (): string => mailCompany().name;

/** A link in a mail: its text alone in the text part, a link to `href` in the HTML part. */
export interface MailLink {
  text: string;
  href: string;
}

/** Words the HTML part keeps on one line (a reference such as OM-2026-00001, not cut at a hyphen). */
export interface MailWhole {
  whole: string;
}

/** A sentence, or words and links in order (an address or a phone to tap in the HTML part). */
export type MailText = string | readonly (string | MailLink | MailWhole)[];

/**
 * A label and its value, e.g. a field of a contact message; values keep their line breaks. A
 * list (photo names) has one item a line, in the text part each under the first.
 */
export interface MailDetail {
  label: string;
  value: string | readonly string[];
  /** Where the value leads in the HTML part (`tel:`, `mailto:`); the text part shows it plain. */
  href?: string;
  /** More ways to act on the value, after it in the HTML part only (WhatsApp beside a phone). */
  links?: readonly MailLink[];
}

/** What a product mail says, as plain text; `renderMail` gives it its text and HTML form. */
export interface MailContent {
  to: string;
  replyTo?: string | null;
  subject: string;
  /** What the reader must see before anything else, set apart above the greeting. */
  first?: MailText;
  greeting: string;
  paragraphs: MailText[];
  action?: { label: string; url: string };
  /**
   * A body rendered elsewhere from Markdown (a newsletter campaign, server/newsletter/markdown.ts,
   * which escapes any raw HTML): its HTML goes in as is, its text part is the Markdown itself.
   */
  rendered?: { html: string; text: string };
  details?: MailDetail[];
  /** Smaller print after the action: expiry, "if it wasn't you". */
  notes?: MailText[];
  /** Lines closing the mail; the team's signature unless the mail is internal. */
  signature?: string[];
  /**
   * Mails to newsletter subscribers: the unsubscribe page, shown after the signature with the
   * company's identity and postal address (LSSI-CE art. 20).
   */
  unsubscribe?: string;
}

/** Every text that reaches the HTML part goes through here: names and messages are user input. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/**
 * A line break or other control character in a header would start a header of the sender's
 * choosing; a bidirectional override (U+202A-U+202E, U+2066-U+2069) would turn the rest of a
 * subject around ("Nuevo mensaje de contacto: ‮…" read backwards in the inbox).
 */
export function headerSafe(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what must go
  const spaced = text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ");
  return spaced.replace(bidiControls, "").trim();
}

/**
 * A visitor's text inside staff's sentences, kept as typed but fenced in: a right-to-left
 * override in a name would otherwise reverse the rest of the sentence or line it stands in.
 * The first-strong isolate and its pop end every override opened inside them (Unicode's
 * bidirectional algorithm, X6a); text without such controls is left exactly as it was.
 */
export const bidiIsolated = (text: string): string =>
  bidiControl.test(text) ? `\u2068${text}\u2069` : text;

export function renderMail(content: MailContent): MailMessage {
  return {
    to: headerSafe(content.to),
    ...(content.replyTo ? { replyTo: headerSafe(content.replyTo) } : {}),
    subject: headerSafe(content.subject),
    text: renderText(content),
    html: renderHtml(content),
  };
}

/** Who sends a commercial mail and from where (LSSI-CE art. 20). */
function senderIdentity(): string {
  const { legalName, address } = mailCompany();
  return `${legalName}, ${address.street}, ${address.postalCode} ${address.city} (${address.country})`;
}

/**
 * Why a subscriber gets the mail (decision 102): LSSI-CE art. 21 allows commercial mail only to
 * whom asked for it, and a reader who does not remember subscribing reads here how they did.
 */
const subscriberReason = () =>
  `Recibes este correo porque te suscribiste al boletín de ${companyName()} en nuestra web y confirmaste la suscripción desde el enlace que te enviamos.`;

const teamSignature = () => ["Un saludo,", `El equipo de ${companyName()}`];

/** A text as the text part writes it: the links' words, without their addresses. */
const plain = (text: MailText): string =>
  typeof text === "string"
    ? text
    : text
        .map((part) => (typeof part === "string" ? part : "whole" in part ? part.whole : part.text))
        .join("");

/** "Fotos recibidas: a.jpg", and each further item of a list lined up under the first. */
function detailLine({ label, value }: MailDetail): string {
  const items = typeof value === "string" ? [value] : value;
  const indent = " ".repeat(label.length + 2);
  return `${label}: ${items.map(bidiIsolated).join(`\n${indent}`)}`;
}

function renderText(c: MailContent): string {
  const blocks = [
    ...(c.first ? [plain(c.first)] : []),
    c.greeting,
    ...c.paragraphs.map(plain),
    ...(c.rendered ? [c.rendered.text.trim()] : []),
    ...(c.details?.length ? [c.details.map(detailLine).join("\n")] : []),
    ...(c.action ? [`${c.action.label}:\n${c.action.url}`] : []),
    ...(c.notes ?? []).map(plain),
    (c.signature ?? teamSignature()).join("\n"),
    ...(c.unsubscribe
      ? [`${subscriberReason()}\n${senderIdentity()}\nDarte de baja: ${c.unsubscribe}`]
      : []),
  ];
  return `${blocks.join("\n\n")}\n`;
}

// Palette of DESIGN.md: lime-plaster ground, deep slate text, terracotta for the one action.
const colors = {
  ground: "#f4efe7",
  card: "#ffffff",
  text: "#1f2a37",
  muted: "#4b5563",
  accent: "#a64b25",
};

const link = ({ text, href }: MailLink) =>
  `<a href="${escapeHtml(href)}" style="color:${colors.accent}">${escapeHtml(text)}</a>`;

/** A text as the HTML part writes it: escaped, its links as links. */
const html = (text: MailText): string =>
  typeof text === "string"
    ? escapeHtml(text)
    : text
        .map((part) =>
          typeof part === "string"
            ? escapeHtml(part)
            : "whole" in part
              ? `<span style="white-space:nowrap">${escapeHtml(part.whole)}</span>`
              : link(part),
        )
        .join("");

const paragraph = (text: MailText, style = `margin:0 0 16px;color:${colors.text}`) =>
  `<p style="${style}">${html(text)}</p>`;

function actionButton({ label, url }: { label: string; url: string }): string {
  const href = escapeHtml(url);
  return `<p style="margin:24px 0"><a href="${href}" style="display:inline-block;background:${colors.accent};color:#ffffff;text-decoration:none;font-weight:600;padding:12px 22px;border-radius:6px">${escapeHtml(label)}</a></p>
<p style="margin:0 0 16px;color:${colors.muted};font-size:13px">Si el botón no funciona, copia este enlace en tu navegador:<br><a href="${href}" style="color:${colors.accent};word-break:break-all">${href}</a></p>`;
}

/**
 * A text someone typed (a reply staff wrote to a lead), as `rendered` takes it: each blank line
 * starts a paragraph, each line break is kept, and nothing in it is markup.
 */
export function typedText(text: string): { html: string; text: string } {
  const blocks = text
    .replaceAll("\r\n", "\n")
    .split(/\n[ \t]*\n/)
    .map((block) => block.replace(/^\n+|\s+$/g, ""))
    .filter((block) => block !== "");
  return {
    text: blocks.join("\n\n"),
    html: blocks.map((block) => paragraph(block).replace(/\n/g, "<br>")).join("\n"),
  };
}

/**
 * Each label above its value: side by side, a label such as "Cuándo prefieres que te
 * contactemos" left a phone's screen too little room for the values.
 */
function detailsList(details: readonly MailDetail[]): string {
  const rows = details.map((d) => {
    const lines = typeof d.value === "string" ? [d.value] : d.value;
    const value = lines.map((line) => escapeHtml(line).replaceAll("\n", "<br>")).join("<br>");
    const shown = d.href
      ? `<a href="${escapeHtml(d.href)}" style="color:${colors.accent}">${value}</a>`
      : value;
    const more = (d.links ?? []).map((l) => ` · ${link(l)}`).join("");
    return `<dt style="margin:0;color:${colors.muted};font-size:14px;font-weight:600">${escapeHtml(d.label)}</dt><dd style="margin:0 0 12px;color:${colors.text}">${shown}${more}</dd>`;
  });
  return `<dl style="margin:0 0 16px">${rows.join("")}</dl>`;
}

function renderHtml(c: MailContent): string {
  const small = `margin:0 0 12px;color:${colors.muted};font-size:13px`;
  const body = [
    c.first
      ? paragraph(
          c.first,
          `margin:0 0 24px;padding:12px 16px;background:${colors.ground};border-left:4px solid ${colors.accent};color:${colors.text};font-weight:600`,
        )
      : "",
    paragraph(c.greeting),
    ...c.paragraphs.map((p) => paragraph(p)),
    c.rendered ? c.rendered.html : "",
    c.details?.length ? detailsList(c.details) : "",
    c.action ? actionButton(c.action) : "",
    ...(c.notes ?? []).map((n) => paragraph(n, small)),
    `<p style="margin:24px 0 0;color:${colors.text}">${(c.signature ?? teamSignature()).map(escapeHtml).join("<br>")}</p>`,
  ].join("\n");
  return `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(c.subject)}</title></head>
<body style="margin:0;padding:24px 12px;background:${colors.ground};font-family:Inter,Segoe UI,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:${colors.card};border-radius:8px;padding:28px 20px;overflow-wrap:anywhere;word-break:break-word">
<p style="margin:0 0 24px;font-family:Georgia,serif;font-size:20px;color:${colors.text}">${escapeHtml(companyName())}</p>
${body}
</div>
${c.unsubscribe ? `<p style="max-width:560px;margin:16px auto 0;color:${colors.muted};font-size:12px;text-align:center">${escapeHtml(subscriberReason())}<br>${escapeHtml(senderIdentity())}<br><a href="${escapeHtml(c.unsubscribe)}" style="color:${colors.muted}">Darte de baja</a></p>` : ""}
</body>
</html>
`;
}
