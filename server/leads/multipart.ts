/**
 * A streaming reader of multipart/form-data (RFC 7578) for the quote request's photos
 * (decisions 131, 151). Unlike `Request.formData()`, which holds the whole body and then a copy
 * of every file, it hands over one part at a time and reads no further until the caller asks
 * for the next: a file is decoded while the rest of the upload waits in the socket. Every file
 * is written to its own file in a folder the caller gives, and hashed, as it arrives, so an
 * upload holds none of its files in memory. Every size is bounded while reading, so a body that
 * lies about its length, or has none, is cut off too. A disk too full to keep a file does not
 * stop the reading: that file and the later ones are read and dropped (`noSpace`), and the text
 * fields still arrive (decision 174).
 */
import { createHash } from "node:crypto";
import { type FileHandle, open, rm } from "node:fs/promises";
import path from "node:path";
import { isNoSpace } from "../disk-space.ts";
import { releaseBufferMemory } from "./release-memory.ts";

export interface MultipartLimits {
  /** Bytes of the whole body. */
  maxBodyBytes: number;
  /** Bytes of one file: the rest of a larger one is read and dropped, the part `tooLarge`. */
  maxFileBytes: number;
  /** Files kept: later ones are read and dropped, the part `skipped`. */
  maxFiles: number;
  /** Bytes of every text field together. */
  maxFieldBytes: number;
  /** Parts of every kind. */
  maxParts: number;
  /** Bytes of one part's header block. */
  maxHeaderBytes: number;
}

export interface FieldPart {
  kind: "field";
  name: string;
  value: string;
}

export interface FilePart {
  kind: "file";
  /** The form field's name. */
  name: string;
  /** As the client gave it: any text at all, to be cleaned before it is shown. */
  filename: string;
  /** As the client declared it: never trusted. */
  type: string;
  /** The file the bytes were written to; "" when none are kept (`tooLarge`, `skipped`, `noSpace`). */
  path: string;
  /** SHA-256 of the bytes kept (empty when none are). */
  sha256: Buffer;
  /** Bytes the part held, counted up to `maxFileBytes + 1`. */
  size: number;
  tooLarge: boolean;
  skipped: boolean;
  /** Not kept: no folder to keep it in, or its disk is full (decision 174). */
  noSpace: boolean;
}

export type Part = FieldPart | FilePart;

/** A body this reader refuses: "too large" (413) or "malformed" (400, also a cut-off upload). */
export class MultipartError extends Error {
  constructor(
    readonly reason: "too large" | "malformed",
    message: string,
  ) {
    super(message);
    this.name = "MultipartError";
  }
}

/** The boundary of a multipart/form-data content type, if it is one. */
export function boundaryOf(contentType: string | undefined): string | undefined {
  if (!contentType || !/^multipart\/form-data\s*(;|$)/i.test(contentType)) return undefined;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

const CRLF = Buffer.from("\r\n");
const HEADER_END = Buffer.from("\r\n\r\n");
const EMPTY = Buffer.alloc(0);
const utf8 = new TextDecoder("utf-8");

/**
 * How many bytes at the end of `bytes` may be the start of `delimiter` (the longest such end),
 * so that only those wait for the next chunk. In an image that is almost never any: the next
 * chunk is then taken as it is, not copied behind the bytes kept.
 */
function partialDelimiter(bytes: Buffer, delimiter: Buffer): number {
  for (let at = Math.max(0, bytes.length - delimiter.length + 1); at < bytes.length; at++) {
    if (bytes[at] !== delimiter[0]) continue;
    const tail = bytes.subarray(at);
    if (tail.equals(delimiter.subarray(0, tail.length))) return tail.length;
  }
  return 0;
}

/** The body's pieces received between two minor collections (`releaseBufferMemory`). */
const releaseEvery = 2 * 1024 * 1024;

/**
 * The parts of `body`, one at a time: each is read whole (within the limits) before it is
 * handed over, and nothing more is read until the next one is asked for. A part is a file when
 * it has a file name, or when it is named in `fileFields` (a client may leave the name out);
 * each file is written to `fileDir` (named by its part's number), which the caller removes.
 * Without a `fileDir`, or once its disk refuses a write, files are read and dropped (`noSpace`).
 */
export async function* readParts(
  body: ReadableStream<Uint8Array>,
  boundary: string,
  limits: MultipartLimits,
  fileDir: string | undefined,
  fileFields: readonly string[] = [],
): AsyncGenerator<Part> {
  // Every boundary after the first follows a line break; the body's start stands in for one.
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const reader = body.getReader();
  let pending: Buffer = Buffer.from(CRLF);
  let received = 0;
  let ended = false;
  let parts = 0;
  let files = 0;
  let fieldBytes = 0;
  /** False once a file could not be kept: a full disk stays full for the rest of the body. */
  let room = fileDir !== undefined;

  /** Appends the next chunk to `pending`; false at the end of the body. */
  const more = async (): Promise<boolean> => {
    if (ended) return false;
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      throw new MultipartError("malformed", "the upload was interrupted");
    }
    if (chunk.done) {
      ended = true;
      return false;
    }
    const before = received;
    received += chunk.value.byteLength;
    if (received > limits.maxBodyBytes) throw new MultipartError("too large", "body too large");
    // The pieces already written or parsed are garbage: freed now, not tens of megabytes later.
    if (Math.floor(received / releaseEvery) > Math.floor(before / releaseEvery)) {
      releaseBufferMemory();
    }
    const value = Buffer.from(chunk.value.buffer, chunk.value.byteOffset, chunk.value.byteLength);
    pending = pending.length ? Buffer.concat([pending, value]) : value;
    return true;
  };
  /** Reads the rest of the body (within its limit), so that the connection can carry the answer. */
  const drain = async () => {
    pending = EMPTY;
    while (await more()) pending = EMPTY;
  };

  try {
    // The preamble, if any, up to the first boundary.
    for (;;) {
      const at = pending.indexOf(delimiter);
      if (at >= 0) {
        pending = pending.subarray(at + delimiter.length);
        break;
      }
      pending = Buffer.from(
        pending.subarray(pending.length - partialDelimiter(pending, delimiter)),
      );
      if (!(await more())) throw new MultipartError("malformed", "no boundary in the body");
    }

    for (;;) {
      // After a boundary: "--" ends the body; otherwise optional spaces and a line break.
      while (pending.length < 2) {
        if (!(await more())) throw new MultipartError("malformed", "the body ends in a boundary");
      }
      if (pending[0] === 0x2d && pending[1] === 0x2d) {
        // The closing boundary: what may follow it (an epilogue) is read and ignored.
        await drain();
        return;
      }
      for (;;) {
        const lineEnd = pending.indexOf(CRLF);
        if (lineEnd >= 0) {
          if (!/^[ \t]*$/.test(pending.subarray(0, lineEnd).toString("latin1"))) {
            throw new MultipartError("malformed", "text after a boundary");
          }
          pending = pending.subarray(lineEnd + 2);
          break;
        }
        if (pending.length > 256) throw new MultipartError("malformed", "text after a boundary");
        if (!(await more())) throw new MultipartError("malformed", "the body ends in a boundary");
      }

      parts += 1;
      if (parts > limits.maxParts) throw new MultipartError("too large", "too many parts");

      // The part's headers.
      let headerBlock: string;
      for (;;) {
        if (pending.subarray(0, 2).equals(CRLF)) {
          headerBlock = "";
          pending = pending.subarray(2);
          break;
        }
        const end = pending.indexOf(HEADER_END);
        if (end >= 0) {
          headerBlock = utf8.decode(pending.subarray(0, end));
          pending = pending.subarray(end + HEADER_END.length);
          break;
        }
        if (pending.length > limits.maxHeaderBytes) {
          throw new MultipartError("malformed", "a part's headers are too long");
        }
        if (!(await more())) throw new MultipartError("malformed", "the body ends in headers");
      }
      const headers = parseHeaders(headerBlock);
      const disposition = parseDisposition(headers.get("content-disposition"));
      if (!disposition) throw new MultipartError("malformed", "a part without a form-data name");
      const isFile = disposition.filename !== undefined || fileFields.includes(disposition.name);
      if (isFile) files += 1;
      const skipped = isFile && files > limits.maxFiles;
      const cap = isFile ? limits.maxFileBytes : limits.maxFieldBytes - fieldBytes;

      // The part's content, up to the next boundary. What might be the start of the boundary
      // stays in `pending` until the next chunk tells.
      const chunks: Buffer[] = [];
      let size = 0;
      const kept = isFile && !skipped;
      let file = kept && room && fileDir ? path.join(fileDir, String(parts)) : "";
      let output: FileHandle | undefined;
      /** The disk refused this file: what was written goes, the rest of it is only counted. */
      const noRoom = async (error: unknown) => {
        if (!isNoSpace(error)) throw error;
        room = false;
        await output?.close().catch(() => {});
        output = undefined;
        if (file) await rm(file, { force: true });
        file = "";
      };
      if (file) {
        try {
          output = await open(file, "wx");
        } catch (error) {
          await noRoom(error);
        }
      }
      const hash = output ? createHash("sha256") : undefined;
      const take = async (bytes: Buffer) => {
        if (bytes.length === 0) return;
        if (isFile) {
          if (output && size + bytes.length <= cap) {
            hash?.update(bytes);
            try {
              for (let at = 0; at < bytes.length; ) {
                at += (await output.write(bytes, at)).bytesWritten;
              }
            } catch (error) {
              await noRoom(error);
            }
          }
        } else {
          if (size + bytes.length > cap) throw new MultipartError("too large", "fields too large");
          chunks.push(bytes);
        }
        size += bytes.length;
      };
      try {
        for (;;) {
          const at = pending.indexOf(delimiter);
          if (at >= 0) {
            await take(pending.subarray(0, at));
            pending = pending.subarray(at + delimiter.length);
            break;
          }
          const keep = partialDelimiter(pending, delimiter);
          await take(pending.subarray(0, pending.length - keep));
          // A copy, so that the chunk just taken is not held by the few bytes kept.
          pending = keep ? Buffer.from(pending.subarray(pending.length - keep)) : EMPTY;
          if (!(await more())) throw new MultipartError("malformed", "the body ends in a part");
        }
      } finally {
        // A disk may report a failed write only at the close (a network file system).
        await output?.close().catch(noRoom);
      }

      if (isFile) {
        const tooLarge = size > cap;
        if (tooLarge && file) await rm(file);
        yield {
          kind: "file",
          name: disposition.name,
          filename: disposition.filename ?? "",
          type: headers.get("content-type") ?? "",
          path: tooLarge ? "" : file,
          sha256: hash && file && !tooLarge ? hash.digest() : EMPTY,
          size,
          tooLarge,
          skipped,
          noSpace: kept && !tooLarge && !file,
        };
      } else {
        fieldBytes += size;
        yield { kind: "field", name: disposition.name, value: utf8.decode(Buffer.concat(chunks)) };
      }
    }
  } finally {
    // A refused body is left unread, not cancelled: cancelling would destroy the socket before
    // the answer is written. Node discards the rest once the answer is sent.
    reader.releaseLock();
  }
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** `form-data; name="photos"; filename="cocina.jpg"` (and RFC 5987's `filename*`). */
export function parseDisposition(
  value: string | undefined,
): { name: string; filename?: string } | undefined {
  if (!value || !/^form-data\s*(;|$)/i.test(value)) return undefined;
  const params = new Map<string, string>();
  // Browsers write a quote in a name as %22 and never escape a backslash (HTML's multipart
  // encoding), so a backslash is part of the name (an old Windows browser's full path).
  const param = /;\s*([^\s=;]+)\s*=\s*(?:"([^"]*)"|([^;]*))/g;
  for (let match = param.exec(value); match; match = param.exec(value)) {
    const key = (match[1] ?? "").toLowerCase();
    const raw = match[2] !== undefined ? match[2].replaceAll("%22", '"') : (match[3] ?? "").trim();
    if (!params.has(key)) params.set(key, raw);
  }
  const name = params.get("name");
  if (name === undefined) return undefined;
  let filename = params.get("filename");
  const extended = params.get("filename*");
  if (extended !== undefined) {
    const encoded = /^utf-8'[^']*'(.*)$/i.exec(extended);
    if (encoded) {
      try {
        filename = decodeURIComponent(encoded[1] ?? "");
      } catch {
        // a broken encoding: the plain filename, if any, stands
      }
    }
  }
  return filename === undefined ? { name } : { name, filename };
}
