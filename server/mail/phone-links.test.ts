import { describe, expect, it } from "vitest";
import { internationalPhone, telHref, whatsAppHref } from "./phone-links.ts";

describe("a visitor's phone as links", () => {
  it("writes a number in international form, Spanish when it has no country code", () => {
    expect(internationalPhone("612 345 678")).toBe("+34612345678");
    expect(internationalPhone("612.345.678")).toBe("+34612345678");
    expect(internationalPhone("(96) 500-00-00")).toBe("+34965000000");
    expect(internationalPhone("+34 612-345-678")).toBe("+34612345678");
    expect(internationalPhone("34612345678")).toBe("+34612345678");
    expect(internationalPhone("0044 20 7946 0000")).toBe("+442079460000");
    expect(internationalPhone("+44 7700 900123")).toBe("+447700900123");
    // Neither a country code nor a Spanish number's shape: its country cannot be told.
    expect(internationalPhone("20 7946 0000")).toBeUndefined();
    expect(internationalPhone("123456")).toBeUndefined();
  });

  it("calls the international form, or the digits as typed", () => {
    expect(telHref("612 345 678")).toBe("tel:+34612345678");
    expect(telHref("20 7946 0000")).toBe("tel:2079460000");
  });

  it("offers WhatsApp for a Spanish mobile, and for any known number when it was asked for", () => {
    expect(whatsAppHref("612 345 678")).toBe("https://wa.me/34612345678");
    expect(whatsAppHref("+34 712 345 678")).toBe("https://wa.me/34712345678");
    expect(whatsAppHref("965 000 000")).toBeUndefined();
    expect(whatsAppHref("+44 7700 900123")).toBeUndefined();
    expect(whatsAppHref("965 000 000", { chosen: true })).toBe("https://wa.me/34965000000");
    expect(whatsAppHref("+44 7700 900123", { chosen: true })).toBe("https://wa.me/447700900123");
    expect(whatsAppHref("20 7946 0000", { chosen: true })).toBeUndefined();
  });
});
