import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const modulePath = fileURLToPath(new URL("./string-methods.ts", import.meta.url));

describe("string methods after ioredis is loaded", () => {
  it("are fast again: String.prototype is no dictionary once keepStringMethodsFast ran", () => {
    // V8 answers whether an object is a dictionary only to a Node started with natives syntax.
    const script = `
      const fast = () => %HasFastProperties(String.prototype);
      const before = fast();
      await import("ioredis");
      const afterIoredis = fast();
      const { keepStringMethodsFast } = await import(${JSON.stringify(modulePath)});
      keepStringMethodsFast();
      const after = fast();
      // Strings made and sliced afterwards, as a request does, leave it fast.
      let total = 0;
      for (let i = 0; i < 100000; i++) total += ("  Bearer " + i).trim().slice(7).charCodeAt(0);
      console.log(JSON.stringify({ before, afterIoredis, after, later: fast(), total }));
    `;
    const output = execFileSync(
      process.execPath,
      ["--allow-natives-syntax", "--import", "tsx", "--input-type=module", "-e", script],
      { encoding: "utf8" },
    );
    const states = JSON.parse(output.trim().split("\n").at(-1) ?? "{}");
    expect(states).toMatchObject({ before: true, afterIoredis: false, after: true, later: true });
  });
});
