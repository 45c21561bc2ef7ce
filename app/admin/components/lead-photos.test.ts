import { describe, expect, it } from "vitest";
import { fileSize } from "./lead-photos";

describe("a photo's size", () => {
  it("is in KB under a megabyte, never «0 MB»", () => {
    expect(fileSize(300 * 1024)).toBe("300 KB");
    expect(fileSize(200)).toBe("1 KB");
    expect(fileSize(2.5 * 1024 * 1024)).toBe("2,5 MB");
  });
});
