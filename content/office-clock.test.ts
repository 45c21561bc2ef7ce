import { describe, expect, it } from "vitest";
import { officeClock, officeDay } from "./office-clock.ts";

describe("the office's clock", () => {
  it("counts days in Madrid: half past midnight there is already the next day, in UTC not yet", () => {
    const late = new Date("2026-11-29T23:30:00Z");
    expect(officeDay(late)).toBe("2026-11-30");
    expect(officeClock(late)).toMatchObject({ hour: "00", minute: "30", offset: "+01:00" });
  });

  it("reads summer time's offset", () => {
    expect(officeDay(new Date("2026-07-01T22:15:00Z"))).toBe("2026-07-02");
    expect(officeClock(new Date("2026-07-01T22:15:00Z")).offset).toBe("+02:00");
  });
});
