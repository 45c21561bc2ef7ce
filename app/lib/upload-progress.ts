/**
 * A quote request's photos on their way (decision 181): on a phone's slow upload (750 kbit/s) they
 * take half a minute or more, and the visitor should see them go. `fetch` reports nothing of an
 * upload; XMLHttpRequest's `upload.onprogress` does. `sendWithProgress` is that transport with
 * `fetch`'s contract, handed to api(), which reads the answer as it reads every other one (SPEC §8's
 * messages, the token forgotten on a 401). Only /contact loads this (vite.config.ts's NOT_SITE).
 */
import type { Send } from "./api";

/** Bytes gone of the whole request body (fields, photos and the multipart framing). */
export interface Progress {
  loaded: number;
  total: number;
}

/** The statuses whose answer has no body: a `Response` with one cannot be made. */
const bodiless = new Set([204, 205, 304]);

/**
 * `fetch` for api(), through XMLHttpRequest so that `onProgress` hears the bytes leave. As with
 * `fetch`, any answer (a 422, a 500) resolves and no answer (offline, the connection cut
 * halfway, an abort) rejects with a TypeError, which api() says as «Error de Conexión».
 */
export function sendWithProgress(onProgress: (progress: Progress) => void): Send {
  return (url, init) =>
    new Promise((resolve, reject) => {
      const request = new XMLHttpRequest();
      request.open(init.method ?? "GET", url);
      for (const [name, value] of new Headers(init.headers)) request.setRequestHeader(name, value);
      // The last progress event may come before the upload's end: `load` says it is all gone.
      request.upload.onprogress = request.upload.onload = ({ lengthComputable, loaded, total }) => {
        if (lengthComputable) onProgress({ loaded, total });
      };
      // What api() reads of an answer: its status and its body; and when to try again after a
      // passing outage (decision 197).
      request.onload = () => {
        const retryAfter = request.getResponseHeader("retry-after");
        resolve(
          new Response(bodiless.has(request.status) ? null : request.responseText, {
            status: request.status,
            headers: retryAfter ? { "retry-after": retryAfter } : undefined,
          }),
        );
      };
      request.onerror =
        request.onabort =
        request.ontimeout =
          () => reject(new TypeError("The request got no answer"));
      request.send((init.body as XMLHttpRequestBodyInit | null | undefined) ?? null);
    });
}

/** 2,3 MB or 850 KB, as a visitor reads file sizes. */
export const fileSize = (bytes: number) =>
  bytes >= megabyte ? `${inMegabytes(bytes)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** «0,9 de 1,9 MB»: both in the total's unit. */
export const sizeOf = ({ loaded, total }: Progress) =>
  total >= megabyte
    ? `${inMegabytes(loaded)} de ${inMegabytes(total)} MB`
    : `${Math.round(loaded / 1024)} de ${Math.max(1, Math.round(total / 1024))} KB`;

const megabyte = 1024 * 1024;
const inMegabytes = (bytes: number) =>
  (bytes / megabyte).toLocaleString("es-ES", { maximumFractionDigits: 1 });

/**
 * «45 %», in Spanish typography (a non-breaking space before the sign). Rounded down: 100 % only
 * when every byte is gone.
 */
export const percentOf = ({ loaded, total }: Progress) =>
  (total > 0 ? Math.floor((loaded / total) * 100) / 100 : 0).toLocaleString("es-ES", {
    style: "percent",
  });

/** What the form's live region last said of an upload: the quarter (0 to 4) and when. */
export interface Said {
  quarter: number;
  /** On the page's clock (performance.now()), in milliseconds. */
  at: number;
}

/**
 * The shortest time between two things said of one upload: enough to hear «Enviando tu solicitud
 * y 2 fotos (1,9 MB)… no cierres la página.» to its end at a screen reader's usual rate.
 */
export const saidGap = 5_000;

/**
 * What the live region says next of an upload, if anything (decision 181). A screen reader user
 * hears the upload start, then each quarter it passes (25, 50, 75 %; 4 is «all sent»), never two
 * within `saidGap`: a slow upload is followed every quarter, a fast one is heard starting and then
 * answered, and the visible percentage, which moves with every byte, is never read out.
 */
export function nextSaid(said: Said, progress: Progress, now: number): Said | undefined {
  const quarter =
    progress.total > 0 ? Math.min(4, Math.floor((progress.loaded / progress.total) * 4)) : 0;
  if (quarter <= said.quarter || now - said.at < saidGap) return undefined;
  return { quarter, at: now };
}
