import { describe, expect, it } from "vitest";
import { checkEnv } from "../env.ts";
import { describeBrowser } from "./browsers.ts";
import { readCode, secondFactorDue } from "./two-factor.ts";

describe("TWO_FACTOR_REQUIRED_FROM (decision 220)", () => {
  it("takes a day and refuses anything else, saying what it expects", () => {
    expect(checkEnv({ TWO_FACTOR_REQUIRED_FROM: "2027-01-15" }).env?.TWO_FACTOR_REQUIRED_FROM).toBe(
      "2027-01-15",
    );
    expect(checkEnv({}).env?.TWO_FACTOR_REQUIRED_FROM).toBeUndefined();
    for (const wrong of ["15/01/2027", "2027-02-30", "mañana", "2027-1-5"]) {
      expect(checkEnv({ TWO_FACTOR_REQUIRED_FROM: wrong }).problems, wrong).toEqual([
        "Invalid setting TWO_FACTOR_REQUIRED_FROM: expected the day the second factor becomes required, YYYY-MM-DD, such as 2027-01-15",
      ]);
    }
  });

  it("is due from midnight in Madrid on that day, summer time or not", () => {
    const policy = { TWO_FACTOR_REQUIRED_FROM: "2027-01-15" };
    // Madrid is UTC+1 in January: its midnight is 23:00 UTC the day before.
    expect(secondFactorDue(policy, new Date("2027-01-14T22:59:59Z"))).toBe(false);
    expect(secondFactorDue(policy, new Date("2027-01-14T23:00:00Z"))).toBe(true);
    const summer = { TWO_FACTOR_REQUIRED_FROM: "2027-07-01" };
    expect(secondFactorDue(summer, new Date("2027-06-30T21:59:59Z"))).toBe(false);
    expect(secondFactorDue(summer, new Date("2027-06-30T22:00:00Z"))).toBe(true);
    expect(secondFactorDue({}, new Date())).toBe(false);
  });
});

describe("a typed code", () => {
  it("is six digits from the app, or a recovery code typed any way", () => {
    expect(readCode(" 123 456 ")).toEqual({ kind: "totp", code: "123456" });
    expect(readCode("ab12-cd34-ef56-gh78")).toEqual({ kind: "recovery", code: "ab12cd34ef56gh78" });
    // Capitals, spaces, and I, L, O read as 1, 1, 0 (Crockford's alphabet has none of them).
    expect(readCode("AB12 CD34 EF56 GH7O")).toEqual({ kind: "recovery", code: "ab12cd34ef56gh70" });
    expect(readCode("AbIL-cd34-ef56-gh78")?.code).toBe("ab11cd34ef56gh78");
    for (const wrong of [
      "12345",
      "1234567",
      "",
      "ab12-cd34-ef56",
      "uuuu-uuuu-uuuu-uuuu",
      "１２３４５６",
    ]) {
      expect(readCode(wrong), wrong).toBeUndefined();
    }
  });
});

describe("a browser in words (decision 221)", () => {
  it("names the browser and the system, and says when it is a phone", () => {
    expect(
      describeBrowser(
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
      ),
    ).toBe("Chrome en Android (móvil)");
    expect(
      describeBrowser(
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
      ),
    ).toBe("Safari en macOS");
    expect(describeBrowser(undefined)).toBe("Navegador desconocido");
    expect(describeBrowser("curl/8.5.0")).not.toContain("undefined");
  });
});
