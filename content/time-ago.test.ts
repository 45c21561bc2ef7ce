import { describe, expect, it } from "vitest";
import { timeAgo } from "./time-ago.ts";

const now = new Date("2026-11-26T12:00:00Z");
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

describe("how long ago a campaign went out", () => {
  it("says hours under a day and days after, in the singular for one", () => {
    expect(timeAgo(minutesAgo(59), now)).toBe("hace menos de una hora");
    expect(timeAgo(minutesAgo(60), now)).toBe("hace 1 hora");
    expect(timeAgo(minutesAgo(23 * 60 + 59), now)).toBe("hace 23 horas");
    expect(timeAgo(minutesAgo(24 * 60), now)).toBe("hace 1 día");
    expect(timeAgo(minutesAgo(3 * 24 * 60 + 5), now)).toBe("hace 3 días");
  });
});
