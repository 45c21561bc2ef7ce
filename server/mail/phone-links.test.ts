import { describe, expect, it } from "vitest";
import { internationalPhone, telHref, whatsAppHref } from "./phone-links.ts";

describe("a visitor's phone as links", () => {
  it("writes a number in international form, Spanish when it has no country code", () => {
    for (const [typed, international] of [
      ["612 345 678", "+34612345678"],
      ["612.345.678", "+34612345678"],
      ["(96) 500-00-00", "+34965000000"],
      ["+34 612-345-678", "+34612345678"],
      ["34612345678", "+34612345678"],
      ["0044 20 7946 0000", "+442079460000"],
      ["+44 7700 900123", "+447700900123"],
      // Neither a country code nor a Spanish number's shape: its country cannot be told.
      ["20 7946 0000", undefined],
      ["123456", undefined],
    ] as const) {
      expect(internationalPhone(typed), typed).toBe(international);
    }
  });

  it("calls the international form, or the digits as typed", () => {
    expect(telHref("612 345 678")).toBe("tel:+34612345678");
    expect(telHref("20 7946 0000")).toBe("tel:2079460000");
  });

  it("offers WhatsApp for a Spanish mobile, and for any known number when it was asked for", () => {
    for (const [typed, chosen, link] of [
      ["612 345 678", false, "https://wa.me/34612345678"],
      ["+34 712 345 678", false, "https://wa.me/34712345678"],
      ["965 000 000", false, undefined],
      ["+44 7700 900123", false, undefined],
      ["965 000 000", true, "https://wa.me/34965000000"],
      ["+44 7700 900123", true, "https://wa.me/447700900123"],
      ["20 7946 0000", true, undefined],
    ] as const) {
      const asked = chosen ? { chosen } : undefined;
      expect(whatsAppHref(typed, asked), `${typed}, chosen: ${chosen}`).toBe(link);
    }
  });
});
