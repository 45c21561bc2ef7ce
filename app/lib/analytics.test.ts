import { describe, expect, it } from "vitest";
import { redactedPath } from "./analytics";

describe("what page views tell Google", () => {
  it("never carries a one-time token or an e-mail address", () => {
    expect(redactedPath("/verify-email/Zk3x_9aLq")).toBe("/verify-email/:token");
    expect(redactedPath("/change-password/ana%40example.com/Zk3x_9aLq")).toBe(
      "/change-password/:email/:token",
    );
    expect(redactedPath("/change-password/ana%40example.com/Zk3x?utm=1")).toBe(
      "/change-password/:email/:token?utm=1",
    );
  });

  it("leaves every other path as it is", () => {
    for (const path of ["/", "/service/reformas/reformas-de-cocinas", "/contact?x=1", "/login"]) {
      expect(redactedPath(path)).toBe(path);
    }
  });
});
