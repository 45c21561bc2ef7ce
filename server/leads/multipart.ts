/**
 * The quote request's multipart/form-data body (RFC 7578), one part at a time (decisions 131,
 * 151, 242). @fastify/busboy does the parsing: boundaries, part headers, file names (RFC 5987's
 * `filename*` too), text decoding. What stays here is this product's own: the limits and what
 * each one means to the visitor, a file written to its own file and hashed as it arrives, a full
 * disk that drops files but not the text (decision 174), and the pacing: the body is read only
 * while the caller asks for parts, so a file is decoded while the rest of the upload waits in
 * the socket, and an upload holds none of its files in memory.
 */
import { createHash, type Hash } from "node:crypto";
import { type FileHandle, open, rm } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import Busboy from "@fastify/busboy";
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
  /** Bytes of one part's header block kept: the parser drops what lies past them. */
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

/**
 * The boundary of a multipart/form-data content type, if it is one: 1 to 70 of RFC 2046's
 * characters, a space only inside quotes and never last.
 */
export function boundaryOf(contentType: string | undefined): string | undefined {
  if (!contentType || !/^multipart\/form-data\s*(;|$)/i.test(contentType)) return undefined;
  const match =
    /;\s*boundary=(?:"([0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?])"|([0-9A-Za-z'()+_,\-./:=?]{1,70}))\s*(?:;|$)/i.exec(
      contentType,
    );
  return match?.[1] ?? match?.[2];
}

const EMPTY = Buffer.alloc(0);

/**
 * A name as the visitor typed it: browsers write a quote in a part's name or file name as %22
 * (HTML's multipart encoding), which the parser, following RFC 7578, leaves as it is.
 */
const fromHtml = (name: string) => name.replaceAll("%22", '"');

/** The body's bytes received between two minor collections (`releaseBufferMemory`). */
const releaseEvery = 2 * 1024 * 1024;

/** One part in the order it came, settled once the parser has handed all of it over. */
interface Slot {
  part: Promise<Part>;
  settled: boolean;
  /** Its bytes have all left the parser: only the disk's last write and close remain. */
  received: boolean;
}

/**
 * The parts of `body`, one at a time: each is read whole (within the limits) before it is
 * handed over, and the body is read no further until the next one is asked for. A part is a
 * file when it has a file name, or when it is named in `fileFields` (a client may leave the
 * name out); each file is written to `fileDir` (named by its file's number), which the caller
 * removes. Without a `fileDir`, or once its disk refuses a write, files are read and dropped
 * (`noSpace`). A part without a form-data disposition is passed over by the parser.
 */
export async function* readParts(
  body: ReadableStream<Uint8Array>,
  boundary: string,
  limits: MultipartLimits,
  fileDir: string | undefined,
  fileFields: readonly string[] = [],
): AsyncGenerator<Part> {
  const parser = Busboy({
    headers: { "content-type": `multipart/form-data; boundary="${boundary}"` },
    // The name exactly as sent: cleanFileName keeps its last segment (server/leads/photos.ts).
    preservePath: true,
    isPartAFile: (name, _type, filename) =>
      filename !== undefined || (name !== undefined && fileFields.includes(name)),
    limits: {
      fileSize: limits.maxFileBytes,
      fieldSize: limits.maxFieldBytes,
      parts: limits.maxParts,
      headerSize: limits.maxHeaderBytes,
    },
  });
  const reader = body.getReader();
  const slots: Slot[] = [];
  const streams = new Set<Readable>();
  let failure: MultipartError | undefined;
  const fail = (error: MultipartError) => {
    failure ??= error;
  };
  let received = 0;
  let fileCount = 0;
  let fieldBytes = 0;
  /** False once a file could not be kept: a full disk stays full for the rest of the body. */
  let room = fileDir !== undefined;

  const slot = (work: (done: () => void) => Promise<Part>) => {
    const entry: Slot = { part: Promise.resolve() as never, settled: false, received: false };
    entry.part = work(() => {
      entry.received = true;
    }).finally(() => {
      entry.settled = true;
    });
    // Awaited in order by the loop below; a rejection is not unhandled meanwhile.
    entry.part.catch(() => {});
    slots.push(entry);
  };

  parser.on("field", (name, value, _nameTruncated, valueTruncated) => {
    if (name === undefined) return fail(new MultipartError("malformed", "a part without a name"));
    fieldBytes += Buffer.byteLength(value);
    if (valueTruncated || fieldBytes > limits.maxFieldBytes) {
      return fail(new MultipartError("too large", "fields too large"));
    }
    slot(async (done) => {
      done();
      return { kind: "field", name: fromHtml(name), value };
    });
  });

  parser.on("file", (name, stream, filename, _encoding, type) => {
    streams.add(stream);
    // The parser may report a cut-off body on a stream already given up (destroyed below).
    stream.on("error", () => {});
    if (name === undefined) {
      stream.resume();
      return fail(new MultipartError("malformed", "a part without a name"));
    }
    fileCount += 1;
    const skipped = fileCount > limits.maxFiles;
    const file = !skipped && room && fileDir ? path.join(fileDir, String(fileCount)) : "";
    slot(async (done) => {
      try {
        const kept = await keepFile(stream, file, done);
        return {
          kind: "file",
          name: fromHtml(name),
          filename: fromHtml(filename ?? ""),
          type,
          ...kept,
          skipped,
          noSpace: !skipped && !kept.tooLarge && !kept.path,
        };
      } finally {
        streams.delete(stream);
      }
    });
  });

  /** Writes `stream` to `file` ("" to count it only), hashing it; the file is gone if not kept. */
  async function keepFile(stream: Readable, file: string, done: () => void) {
    let output: FileHandle | undefined;
    let hash: Hash | undefined;
    let size = 0;
    let tooLarge = false;
    stream.once("limit", () => {
      tooLarge = true;
    });
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
        hash = createHash("sha256");
      } catch (error) {
        await noRoom(error);
      }
    }
    try {
      for await (const bytes of stream as AsyncIterable<Buffer>) {
        size += bytes.length;
        if (!output) continue;
        hash?.update(bytes);
        try {
          for (let at = 0; at < bytes.length; ) {
            at += (await output.write(bytes, at)).bytesWritten;
          }
        } catch (error) {
          await noRoom(error);
        }
      }
    } catch {
      // The parser ends a part's stream in error when the body stops inside it.
      throw new MultipartError("malformed", "the body ends in a part");
    } finally {
      done();
      // A disk may report a failed write only at the close (a network file system).
      await output?.close().catch(noRoom);
    }
    if (tooLarge && file) await rm(file);
    const kept = !tooLarge && file !== "";
    return {
      path: kept ? file : "",
      sha256: kept && hash ? hash.digest() : EMPTY,
      size: tooLarge ? limits.maxFileBytes + 1 : size,
      tooLarge,
    };
  }

  parser.on("partsLimit", () => fail(new MultipartError("too large", "too many parts")));
  parser.on("error", () => fail(new MultipartError("malformed", "the body ends early")));
  let finished = false;
  const finish = new Promise<void>((resolve) => {
    parser.on("finish", () => {
      finished = true;
      resolve();
    });
    parser.on("error", () => resolve());
  });

  /** Hands the parser the next piece of the body; false at its end. */
  const feed = async (): Promise<boolean> => {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      throw new MultipartError("malformed", "the upload was interrupted");
    }
    if (chunk.done) {
      parser.end();
      await finish;
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
    // The parser calls back once it has handed the piece on, the file's reader keeping pace.
    await new Promise<void>((resolve, reject) =>
      parser.write(value, (error) => (error ? reject(error) : resolve())),
    ).catch(() => fail(new MultipartError("malformed", "the body could not be read")));
    return true;
  };

  let more = true;
  try {
    for (;;) {
      if (failure) throw failure;
      const next = slots[0];
      if (next && (next.settled || next.received || !more)) {
        slots.shift();
        yield await next.part;
        continue;
      }
      if (!more) {
        if (!finished) throw new MultipartError("malformed", "the body ends early");
        return;
      }
      more = await feed();
    }
  } finally {
    // A refused or abandoned body is left unread, not cancelled: cancelling would destroy the
    // socket before the answer is written. Node discards the rest once the answer is sent.
    reader.releaseLock();
    for (const stream of streams) stream.destroy();
    await Promise.allSettled(slots.map((s) => s.part));
    parser.destroy();
  }
}
