import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  boundaryOf,
  type FieldPart,
  type FilePart,
  type MultipartLimits,
  readParts,
} from "./multipart.ts";

/**
 * A disk that fills up (decision 174): while `fullFrom` is set, a file of the reader's named by
 * that part number or a later one refuses its writes with ENOSPC, as a full disk does.
 */
let fullFrom: number | undefined;
vi.mock("node:fs/promises", async (original) => {
  const actual = await original<typeof import("node:fs/promises")>();
  const open: typeof actual.open = async (file, ...rest) => {
    const handle = await actual.open(file, ...rest);
    if (fullFrom === undefined || Number(path.basename(String(file))) < fullFrom) return handle;
    const noSpace = Object.assign(new Error("ENOSPC: no space left on device, write"), {
      code: "ENOSPC",
    });
    return Object.assign(handle, { write: () => Promise.reject(noSpace) });
  };
  return { ...actual, open };
});
afterEach(() => {
  fullFrom = undefined;
});

const limits: MultipartLimits = {
  maxBodyBytes: 1024 * 1024,
  maxFileBytes: 1000,
  maxFiles: 2,
  maxFieldBytes: 500,
  maxParts: 10,
  maxHeaderBytes: 1024,
};

/** `body` as a stream cut into pieces of `size` bytes. */
function streamOf(body: Buffer, size = body.length): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= body.length) return controller.close();
      controller.enqueue(new Uint8Array(body.subarray(offset, offset + size)));
      offset += size;
    },
  });
}

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), "multipart-test-"));
});
afterEach(() => rm(folder, { recursive: true, force: true }));

/** A file part as the test compares it: the bytes its file holds instead of where it is. */
type ReadFile = Omit<FilePart, "path" | "sha256"> & { data: Buffer };

async function partsOf(body: Buffer, size?: number, boundary = "XyZ", options = limits) {
  // Each body its own files, as each request has its own folder.
  await rm(folder, { recursive: true });
  await mkdir(folder);
  const parts: (FieldPart | ReadFile)[] = [];
  for await (const part of readParts(streamOf(body, size), boundary, options, folder)) {
    if (part.kind === "field") {
      parts.push(part);
      continue;
    }
    const { path: file, sha256, ...rest } = part;
    const data = file ? await readFile(file) : Buffer.alloc(0);
    // The digest is of the bytes kept, computed as they arrived.
    expect(sha256).toEqual(file ? createHash("sha256").update(data).digest() : Buffer.alloc(0));
    parts.push({ ...rest, data });
  }
  return parts;
}

const crlf = (lines: (string | Buffer)[]) =>
  Buffer.concat(
    lines.flatMap((line, i) => [
      typeof line === "string" ? Buffer.from(line) : line,
      ...(i < lines.length - 1 ? [Buffer.from("\r\n")] : []),
    ]),
  );

const binary = Buffer.from([0, 13, 10, 45, 45, 88, 121, 13, 10, 255, 216]);
const sample = crlf([
  "preamble to ignore",
  "--XyZ",
  'Content-Disposition: form-data; name="name"',
  "",
  "Ana María",
  "--XyZ",
  'Content-Disposition: form-data; name="photos"; filename="co%22cina.jpg"',
  "Content-Type: image/jpeg",
  "",
  binary,
  "--XyZ--",
  "epilogue",
]);

describe("readParts", () => {
  it("reads fields and files, whatever the size of the pieces the body arrives in", async () => {
    for (const size of [1, 2, 3, 5, 7, 11, 64, sample.length]) {
      const parts = await partsOf(sample, size);
      expect(parts).toEqual([
        { kind: "field", name: "name", value: "Ana María" },
        {
          kind: "file",
          name: "photos",
          filename: 'co"cina.jpg',
          type: "image/jpeg",
          data: binary,
          size: binary.length,
          tooLarge: false,
          skipped: false,
          noSpace: false,
        },
      ]);
    }
  });

  const threeFilesThenAField = crlf([
    ...["uno.jpg", "dos.jpg", "tres.jpg"].flatMap((name) => [
      "--XyZ",
      `Content-Disposition: form-data; name="photos"; filename="${name}"`,
      "",
      Buffer.alloc(300, 1),
    ]),
    "--XyZ",
    'Content-Disposition: form-data; name="message"',
    "",
    "Os mando fotos del baño.",
    "--XyZ--",
  ]);

  it("drops a file its disk has no room for, and the later ones, and still reads the fields", async () => {
    fullFrom = 2;
    const parts = await partsOf(threeFilesThenAField, 64, "XyZ", { ...limits, maxFiles: 5 });
    expect(
      parts.map((p) => (p.kind === "file" ? [p.filename, p.data.length, p.noSpace] : p.value)),
    ).toEqual([
      ["uno.jpg", 300, false],
      ["dos.jpg", 0, true],
      ["tres.jpg", 0, true],
      "Os mando fotos del baño.",
    ]);
    // What the full disk took of the second file is gone too.
    expect(await readdir(folder)).toEqual(["1"]);
  });

  it("keeps no file without a folder, and still reads the fields", async () => {
    const parts: (string | boolean)[] = [];
    for await (const part of readParts(
      streamOf(threeFilesThenAField, 50),
      "XyZ",
      { ...limits, maxFiles: 5 },
      undefined,
    )) {
      parts.push(part.kind === "file" ? part.noSpace && !part.path : part.value);
    }
    expect(parts).toEqual([true, true, true, "Os mando fotos del baño."]);
  });

  it("reads a body that starts with its first boundary, and an empty part", async () => {
    const body = crlf(["--XyZ", 'Content-Disposition: form-data; name="a"', "", "", "--XyZ--", ""]);
    expect(await partsOf(body, 4)).toEqual([{ kind: "field", name: "a", value: "" }]);
  });

  it("marks a file over the limit too large, keeping none of it, and skips files past the count", async () => {
    const file = (name: string, bytes: number) => [
      "--XyZ",
      `Content-Disposition: form-data; name="photos"; filename="${name}"`,
      "",
      Buffer.alloc(bytes, 1),
    ];
    const body = crlf([
      ...file("grande.jpg", 1001),
      ...file("justa.jpg", 1000),
      ...file("tercera.jpg", 10),
      "--XyZ--",
    ]);
    const parts = (await partsOf(body, 97)) as ReadFile[];
    expect(parts.map((p) => [p.filename, p.size, p.data.length, p.tooLarge, p.skipped])).toEqual([
      ["grande.jpg", 1001, 0, true, false],
      ["justa.jpg", 1000, 1000, false, false],
      ["tercera.jpg", 10, 0, false, true],
    ]);
    // Only the file kept is on disk.
    expect(await readdir(folder)).toEqual(["2"]);
  });

  it("refuses a body that is cut short, has no boundary or has a part without a name", async () => {
    const cut = sample.subarray(0, sample.indexOf("--XyZ--"));
    await expect(partsOf(cut, 9)).rejects.toMatchObject({ reason: "malformed" });
    await expect(partsOf(Buffer.from("hola"))).rejects.toMatchObject({ reason: "malformed" });
    const nameless = crlf(["--XyZ", "Content-Disposition: form-data", "", "x", "--XyZ--"]);
    await expect(partsOf(nameless)).rejects.toMatchObject({ reason: "malformed" });
    const namelessFile = crlf([
      "--XyZ",
      'Content-Disposition: form-data; filename="a.jpg"',
      "",
      "x",
      "--XyZ--",
    ]);
    await expect(partsOf(namelessFile, 3)).rejects.toMatchObject({ reason: "malformed" });
  });

  it("passes over a part that is no form-data field, keeping nothing of it (decision 242)", async () => {
    const body = crlf([
      "--XyZ",
      "Content-Type: image/jpeg",
      "",
      Buffer.alloc(300, 1),
      "--XyZ",
      'Content-Disposition: attachment; name="photos"; filename="a.jpg"',
      "",
      Buffer.alloc(300, 1),
      "--XyZ",
      'Content-Disposition: form-data; name="a"',
      "",
      "1",
      "--XyZ--",
    ]);
    expect(await partsOf(body, 7)).toEqual([{ kind: "field", name: "a", value: "1" }]);
    expect(await readdir(folder)).toEqual([]);
  });

  it("keeps no more than maxHeaderBytes of a part's headers, and still reads the part", async () => {
    const body = crlf([
      "--XyZ",
      'Content-Disposition: form-data; name="a"',
      `X-Relleno: ${"x".repeat(50_000)}`,
      "",
      "1",
      "--XyZ--",
    ]);
    expect(await partsOf(body, 1000)).toEqual([{ kind: "field", name: "a", value: "1" }]);
    // Past the limit the disposition is not seen: the part is passed over, nothing kept.
    const late = crlf([
      "--XyZ",
      `X-Relleno: ${"x".repeat(50_000)}`,
      'Content-Disposition: form-data; name="photos"; filename="a.jpg"',
      "",
      "1",
      "--XyZ--",
    ]);
    expect(await partsOf(late, 1000)).toEqual([]);
    expect(await readdir(folder)).toEqual([]);
  });

  it("reads file names as browsers and other clients write them", async () => {
    const named = (disposition: string) =>
      crlf([
        "--XyZ",
        `Content-Disposition: form-data; name="photos"; ${disposition}`,
        "",
        "x",
        "--XyZ--",
      ]);
    const filenameOf = async (disposition: string) =>
      ((await partsOf(named(disposition), 5))[0] as ReadFile).filename;
    expect(await filenameOf('filename="baño.jpg"')).toBe("baño.jpg");
    // RFC 7578 forbids `filename*`, and browsers never send it; a client that does is read.
    expect(await filenameOf(`filename*=UTF-8''ba%C3%B1o.jpg`)).toBe("baño.jpg");
    expect(await filenameOf('filename="co%22cina.jpg"')).toBe('co"cina.jpg');
    expect(await filenameOf('filename="C:\\fotos\\a.jpg"')).toMatch(/a\.jpg$/);
    expect(await filenameOf('filename=""')).toBe("");
  });

  it("refuses bodies, fields and part counts over their limits", async () => {
    await expect(partsOf(sample, 8, "XyZ", { ...limits, maxBodyBytes: 100 })).rejects.toMatchObject(
      { reason: "too large" },
    );
    await expect(partsOf(sample, 8, "XyZ", { ...limits, maxFieldBytes: 5 })).rejects.toMatchObject({
      reason: "too large",
    });
    await expect(partsOf(sample, 8, "XyZ", { ...limits, maxParts: 1 })).rejects.toMatchObject({
      reason: "too large",
    });
  });

  it("stops reading the body when the caller stops asking", async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(
          new Uint8Array(
            pulled === 1
              ? crlf(["--XyZ", 'Content-Disposition: form-data; name="a"', "", "1", "--XyZ", ""])
              : Buffer.alloc(100, 120),
          ),
        );
      },
    });
    for await (const part of readParts(endless, "XyZ", limits, folder)) {
      expect(part).toEqual({ kind: "field", name: "a", value: "1" });
      break;
    }
    expect(pulled).toBeLessThan(5);
  });
});

describe("boundaryOf", () => {
  it("finds the boundary, quoted or not, only in multipart/form-data", () => {
    expect(boundaryOf("multipart/form-data; boundary=----abc")).toBe("----abc");
    expect(boundaryOf('Multipart/Form-Data; charset=utf-8; boundary="a b"')).toBe("a b");
    expect(boundaryOf("multipart/form-data")).toBeUndefined();
    expect(boundaryOf("multipart/mixed; boundary=x")).toBeUndefined();
    expect(boundaryOf(undefined)).toBeUndefined();
  });

  it("refuses a boundary RFC 2046 does not allow: too long, a quote, a space at its end", () => {
    expect(boundaryOf(`multipart/form-data; boundary=${"a".repeat(70)}`)).toBe("a".repeat(70));
    expect(boundaryOf(`multipart/form-data; boundary=${"a".repeat(71)}`)).toBeUndefined();
    expect(boundaryOf('multipart/form-data; boundary=a"b')).toBeUndefined();
    expect(boundaryOf('multipart/form-data; boundary="ab "')).toBeUndefined();
    expect(boundaryOf("multipart/form-data; boundary=")).toBeUndefined();
  });
});
