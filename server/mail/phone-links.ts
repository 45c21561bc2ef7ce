/**
 * A phone number as a visitor typed it ("612 345 678", "+34 612-345-678", "0044 20 7946 0000",
 * "612.345.678"), in international form: "+" and its digits. A number without its country's
 * code is taken for a Spanish one when it has 9 digits and starts as Spanish numbers do (6, 7,
 * 8, 9); otherwise the country cannot be told and there is no international form.
 */
export function internationalPhone(phone: string): string | undefined {
  const digits = phone.replace(/\D/g, "");
  if (/^\s*\+/.test(phone)) return digits ? `+${digits}` : undefined;
  if (digits.startsWith("00")) return digits.length > 2 ? `+${digits.slice(2)}` : undefined;
  if (/^[6-9]\d{8}$/.test(digits)) return `+34${digits}`;
  if (/^34[6-9]\d{8}$/.test(digits)) return `+${digits}`;
  return undefined;
}

/** Where a tap on the number calls it: the international form, or else its digits as typed. */
export function telHref(phone: string): string {
  return `tel:${internationalPhone(phone) ?? phone.replace(/[^\d+]/g, "")}`;
}

/**
 * The number's WhatsApp chat (https://wa.me/<international digits>), for a Spanish mobile (6xx,
 * 7xx: the numbers the admin's detail view offers WhatsApp for) or, when the visitor asked to be
 * contacted by WhatsApp, any number whose country is known. A Spanish landline, or a number
 * without its country, gets none.
 */
export function whatsAppHref(phone: string, { chosen = false } = {}): string | undefined {
  const international = internationalPhone(phone);
  if (!international) return undefined;
  const mobile = /^\+34[67]\d{8}$/.test(international);
  return mobile || chosen ? `https://wa.me/${international.slice(1)}` : undefined;
}
