// The draft (decision 172): what this tab kept of an earlier visit comes back, and every change
// is kept until the request is sent. What was typed before the page's script ran comes first.
import { type RefObject, useEffect, useRef, useState } from "react";
import { forgetQuoteDraft, keepQuoteDraft, readQuoteDraft } from "~/lib/quote-draft";
import {
  draftFields,
  empty,
  firstPaint,
  type QuoteForm,
  writtenBeforeHydration,
} from "./form-values";
import type { FillTime } from "./use-fill-time";

interface DraftOf {
  form: RefObject<HTMLFormElement | null>;
  values: QuoteForm;
  setValues: (update: (current: QuoteForm) => QuoteForm) => void;
  /** How many photos are chosen now. */
  photos: number;
  fillTime: FillTime;
}

/** Restores the form once hydrated and keeps it at every change; `forget` once it is sent or emptied. */
export function useQuoteDraft({ form, values, setValues, photos, fillTime }: DraftOf) {
  const rendered = useRef(values);
  const [recovered, setRecovered] = useState<{ photos: number }>();

  // What the visitor wrote before the page's script ran (a slow phone) is in the form, not in
  // the state yet, and the first render after hydration would empty it: it is taken in first.
  // The form was on screen since the page was painted, which the fill time then counts from.
  // Then the draft, under both: what was typed on this page, and a service page's choice (the
  // only value already set), win over it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on hydration; its arguments are a ref, a state setter and a stable clock
  useEffect(() => {
    const typed = writtenBeforeHydration(form.current, rendered.current);
    if (typed) fillTime.shownSince(firstPaint());
    const draft = readQuoteDraft();
    const kept = draft ? draftFields(draft.values) : {};
    if (draft && Object.keys(kept).length) {
      setRecovered({ photos: draft.photos });
      fillTime.credit(Date.now() - draft.startedAt);
    }
    if (!typed && !Object.keys(kept).length) return;
    setValues((current) => ({
      ...current,
      ...kept,
      ...(current.service ? { service: current.service } : {}),
      ...typed,
    }));
  }, []);

  // Kept at every change; the untouched form (`empty` itself) has nothing to keep and must not
  // wipe a draft before it is restored.
  useEffect(() => {
    if (values === empty && !photos) return;
    keepQuoteDraft({
      values: draftFields(values),
      // Photos lost to a reload stay owed until new ones are chosen.
      photos: photos || (recovered?.photos ?? 0),
      startedAt: fillTime.startedAt(),
    });
  }, [values, photos, recovered, fillTime]);

  const forget = () => {
    forgetQuoteDraft();
    setRecovered(undefined);
  };
  return { recovered, forget };
}
