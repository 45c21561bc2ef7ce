/**
 * A body kept in memory in every encoding it was compressed to, with each encoding's complete
 * headers made once: the build's files (build-files.ts) and the pages rendered on request
 * (site-content/page.ts) are both answered this way, a map look-up and one write.
 */
export type Bytes = Uint8Array<ArrayBuffer>;
export type Encoding = "br" | "gzip" | "identity";
export type EncodedBodies = Partial<Record<Encoding, Bytes>> & { identity: Bytes };
export type EncodedHeaders = Partial<Record<Encoding, Record<string, string>>>;

/** `common` (Vary included, where there is a compressed copy) plus each encoding's own two. */
export function headersPerEncoding(
  bodies: EncodedBodies,
  common: Record<string, string>,
): EncodedHeaders {
  const headers: EncodedHeaders = {};
  for (const encoding of ["br", "gzip", "identity"] as const) {
    const body = bodies[encoding];
    if (!body) continue;
    headers[encoding] = {
      ...common,
      ...(encoding === "identity" ? {} : { "content-encoding": encoding }),
      "content-length": String(body.length),
    };
  }
  return headers;
}

/** The encoding to answer with: brotli, then gzip, as the browser accepts and the body has. */
export function chooseEncoding(bodies: EncodedBodies, accepted: string): Encoding {
  if (bodies.br && /\bbr\b/.test(accepted)) return "br";
  if (bodies.gzip && /\bgzip\b/.test(accepted)) return "gzip";
  return "identity";
}
