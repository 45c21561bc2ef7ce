// How long a lead has waited, as the inbox says it under its title («Espera 3 días»).
import { describe, expect, it } from "vitest";
import { waitingSince } from "./record-value";

describe("waitingSince", () => {
  const now = Date.parse("2026-11-30T10:00:00Z");
  const ago = (ms: number) => new Date(now - ms).toISOString();

  it("says a lead just arrived has waited less than a minute, never «0 minutos»", () => {
    expect(waitingSince(ago(20_000), now)).toBe("menos de un minuto");
  });

  it("counts in the largest whole unit", () => {
    expect(waitingSince(ago(5 * 60_000), now)).toBe("5 minutos");
    expect(waitingSince(ago(3 * 3_600_000), now)).toBe("3 horas");
    expect(waitingSince(ago(2 * 86_400_000), now)).toBe("2 días");
  });

  it("says nothing for a missing date", () => {
    expect(waitingSince(undefined, now)).toBeUndefined();
  });
});
