import { describe, expect, it } from "vitest";
import { bearerToken } from "./session.ts";

/** What the bearer token was read with before decision 285. */
const byPattern = (header: string) =>
  /^Bearer\s+([A-Za-z0-9_-]{20,200})$/i.exec(header.trim())?.[1];

describe("the bearer token of an Authorization header", () => {
  const token = "AbC123_-xyz0987654321QRSTuvw";
  it("is what the case-insensitive pattern read, for every header tried", () => {
    const headers = [
      `Bearer ${token}`,
      `bearer ${token}`,
      `BEARER ${token}`,
      `bEaReR\t${token}`,
      `Bearer   ${token}  `,
      `  Bearer ${token}`,
      `Bearer\u00a0${token}`,
      `Bearer\u2003${token}`,
      `Bearer \u2003 ${token}`,
      `Bearer\n${token}`,
      `Bearer${token}`,
      `Bearer ${token}!`,
      `Bearer ${token} x`,
      `Bearer ${token.slice(0, 19)}`,
      `Bearer ${token.slice(0, 20)}`,
      `Bearer ${"a".repeat(200)}`,
      `Bearer ${"a".repeat(201)}`,
      `Bearer ${token}\u017f`,
      `Bearer ${token}é`,
      `Basic ${token}`,
      `Bearerx ${token}`,
      `Bear ${token}`,
      `B\u0130arer ${token}`,
      `\u0412earer ${token}`,
      `Bearer ${token}, Bearer ${token}`,
      "Bearer",
      "Bearer ",
      "",
      `Token ${token}`,
    ];
    for (const header of headers) expect(bearerToken(header), header).toBe(byPattern(header));
    expect(bearerToken(`bearer ${token}`)).toBe(token);
  });

  it("is the pattern's answer for random headers near the shape too", () => {
    const pieces = ["Bearer", "bearer", "BEARER", "Bearer ", " ", "\t", "\u00a0", "x", "-", "_"];
    for (let i = 0; i < 2000; i++) {
      let header = pieces[i % pieces.length] as string;
      for (let j = 0; j < (i % 7) + 1; j++) header += pieces[(i * 31 + j * 17) % pieces.length];
      header += token.slice(0, 15 + (i % 12));
      expect(bearerToken(header), header).toBe(byPattern(header));
    }
  });
});
