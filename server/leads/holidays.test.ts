// Spain's holidays the morning reminder keeps (decision 202), and the office's own days off as the
// operator writes them in REMINDER_HOLIDAYS.
import { describe, expect, it } from "vitest";
import { checkEnv } from "../env.ts";
import { isHoliday } from "./holidays.ts";

describe("the holidays the reminder keeps", () => {
  it("knows the national days, Good Friday moving with Easter", () => {
    for (const day of ["2026-12-08", "2026-12-25", "2027-01-06", "2026-04-03", "2027-03-26"]) {
      expect(isHoliday(day, []), day).toBe(true);
    }
    // The days around them are working days; Holy Thursday is not kept in Catalonia.
    for (const day of ["2026-12-07", "2026-12-24", "2027-03-25", "2027-03-29", "2026-04-02"]) {
      expect(isHoliday(day, []), day).toBe(false);
    }
  });

  it("adds the office's days: a date that year only, a month and day every year", () => {
    const office = ["2026-12-07", "09-11"];
    expect(isHoliday("2026-12-07", office)).toBe(true);
    expect(isHoliday("2027-12-07", office)).toBe(false);
    expect(isHoliday("2026-09-11", office)).toBe(true);
    expect(isHoliday("2027-09-11", office)).toBe(true);
    expect(isHoliday("2026-09-10", office)).toBe(false);
  });
});

describe("the REMINDER_HOLIDAYS setting", () => {
  it("reads a list of days, spaces and a comma too many allowed, and none when unset", () => {
    expect(
      checkEnv({ REMINDER_HOLIDAYS: "2026-12-26, 09-11,,02-29," }).env?.REMINDER_HOLIDAYS,
    ).toEqual(["2026-12-26", "09-11", "02-29"]);
    expect(checkEnv({}).env?.REMINDER_HOLIDAYS).toEqual([]);
  });

  it("refuses a day that is not one, saying what it expects", () => {
    for (const wrong of ["2026-02-30", "26/12/2026", "2026-13-01", "11-31", "9-11"]) {
      expect(checkEnv({ REMINDER_HOLIDAYS: wrong }).problems, wrong).toEqual([
        "Invalid setting REMINDER_HOLIDAYS: expected the office's days off besides the national holidays, separated by commas, each YYYY-MM-DD (that year) or MM-DD (every year), such as 2026-12-26,09-11",
      ]);
    }
  });
});
