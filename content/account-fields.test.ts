import { describe, expect, it } from "vitest";
import { termsVersion, termsVersions } from "./account-fields";
import { privacy } from "./legal/privacy";
import { terms } from "./legal/terms";

describe("the version of what the sign-up checkbox accepts (decision 167)", () => {
  it("names the dates of the terms and the privacy policy it links to, as they are now", () => {
    // Failing here means a legal text changed: add its new version at the end of termsVersions.
    expect(termsVersion).toBe(`términos ${terms.updated}, privacidad ${privacy.updated}`);
  });

  it("keeps every earlier version, each once", () => {
    expect(new Set(termsVersions).size).toBe(termsVersions.length);
    expect(termsVersions.at(-1)).toBe(termsVersion);
  });
});
