import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from "node:zlib";

import {
  type Bytes,
  type EncodedBodies,
  type EncodedHeaders,
  headersPerEncoding,
} from "../encoded-body.ts";

/**
 * A rendered page as it is kept and answered: its body in each encoding and each encoding's
 * complete headers, made once, so that a kept page costs what a pre-rendered file did (a map
 * look-up and one write; server/build-files.ts).
 */
export interface KeptPage {
  bodies: EncodedBodies;
  headers: EncodedHeaders;
  /** The headers of a 304 answer to a browser that holds this page already. */
  unchanged: Record<string, string>;
  etag: string;
  /** Its content type and, for a document, its Content-Security-Policy. */
  head: Record<string, string>;
  /** True once compressed as hard as the build compresses (polish). */
  polished: boolean;
}

/**
 * Pages are always revalidated (ETag): a publish must show on the next visit, not after a
 * browser's five minutes. An unchanged page costs a 304 of a few bytes.
 */
export const pageCacheControl = "public, no-cache";

/** Below this a compressed copy saves less than a network packet (scripts/precompress.ts). */
const MIN_BYTES = 512;

function assemble(
  identity: Bytes,
  compressed: { br?: Bytes; gzip?: Bytes },
  head: Record<string, string>,
  polished: boolean,
): KeptPage {
  const etag = `W/"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`;
  const bodies: KeptPage["bodies"] = { identity };
  if (compressed.br && compressed.br.length < identity.length) bodies.br = compressed.br;
  if (compressed.gzip && compressed.gzip.length < identity.length) bodies.gzip = compressed.gzip;
  const common: Record<string, string> = {
    ...head,
    "cache-control": pageCacheControl,
    etag,
    ...(bodies.br || bodies.gzip ? { vary: "Accept-Encoding" } : {}),
  };
  const headers = headersPerEncoding(bodies, common);
  const { "content-type": _type, "content-security-policy": _policy, ...unchanged } = common;
  return { bodies, headers, unchanged, etag, head, polished };
}

/**
 * A page just rendered, compressed at the fastest levels (brotli 1 and gzip 1: about 3 ms for
 * a 160 KB page, against 12 ms at brotli 5 and gzip 6) so that the visitor who asked is not kept
 * waiting; the copies are a fifth larger than the build's, and `polish` makes the build's smaller
 * ones afterwards. `head` holds its content type and, for a document, its Content-Security-Policy.
 */
export function packPage(body: Bytes, head: Record<string, string>): KeptPage {
  if (body.length < MIN_BYTES) return assemble(body, {}, head, true);
  const br = new Uint8Array(
    brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 1,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  );
  const gz = new Uint8Array(gzipSync(body, { level: 1 }));
  return assemble(body, { br, gzip: gz }, head, false);
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The same page compressed as the build compresses (brotli 11, gzip 9), off the main thread and
 * one after the other: brotli 11 holds a core for a tenth of a second, and the caller runs one
 * polish at a time, so renders keep the other core.
 */
export async function polishPage(page: KeptPage): Promise<KeptPage> {
  const body = page.bodies.identity;
  const br = await brotliAsync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  const gz = await gzipAsync(body, { level: constants.Z_BEST_COMPRESSION });
  return assemble(body, { br: new Uint8Array(br), gzip: new Uint8Array(gz) }, page.head, true);
}

/** True when If-None-Match names this page's ETag (weakly compared, as RFC 9110 says for GET). */
export function holdsPage(page: KeptPage, ifNoneMatch: string | undefined): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const bare = page.etag.slice(2);
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === bare);
}
