// What the visitor has written in the quote form, kept in this tab (sessionStorage) until it is
// sent: a reload, a phone discarding the tab in the background, or a look at another page on
// the way no longer empties a long description (decision 172). Photos cannot be kept: a
// browser gives no way to store chosen files, so only how many there were is remembered.
// Listed in the cookie policy as a technical key; it never leaves the device.

export const QUOTE_DRAFT_KEY = "quoteDraft";

export interface QuoteDraft {
  values: Record<string, string>;
  /** How many photos were chosen: they must be chosen again. */
  photos: number;
  /**
   * When the form was first shown, on the device's clock (both readings are this device's, so
   * its skew cancels out): the time already spent counts after a restore, so sending at once is
   * not taken for a robot's haste (decision 153).
   */
  startedAt: number;
}

/** The draft this tab keeps, if any and readable; storage blocked or damaged reads as none. */
export function readQuoteDraft(): QuoteDraft | undefined {
  try {
    const saved = JSON.parse(sessionStorage.getItem(QUOTE_DRAFT_KEY) ?? "null");
    if (!saved || typeof saved.values !== "object" || saved.values === null) return undefined;
    return {
      values: saved.values,
      photos: Number(saved.photos) || 0,
      startedAt: Number(saved.startedAt) || Date.now(),
    };
  } catch {
    return undefined;
  }
}

/** Keeps the draft, or forgets it when nothing is written. A full or blocked storage is no error. */
export function keepQuoteDraft(draft: QuoteDraft): void {
  try {
    if (Object.values(draft.values).some((value) => value !== "") || draft.photos > 0) {
      sessionStorage.setItem(QUOTE_DRAFT_KEY, JSON.stringify(draft));
    } else {
      sessionStorage.removeItem(QUOTE_DRAFT_KEY);
    }
  } catch {}
}

export function forgetQuoteDraft(): void {
  try {
    sessionStorage.removeItem(QUOTE_DRAFT_KEY);
  } catch {}
}
