// What the last submission answered (SPEC §4, §8): sent, the form is cleared and the visitor
// stays on (returns to) /contact with the thanks; refused, each field with a message says it.
import { type RefObject, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { showSuccess } from "~/lib/dialog";
import { nextSteps } from "../../content/quote-request";

/** What a stored request answers. */
export interface Sent {
  title?: string;
  message?: string;
  reference?: string;
}

/** The route's clientAction's answer: sent, refused per field, or nothing (a dialog said why). */
export type QuoteAnswer =
  | { sent: Sent }
  | { refused: Record<string, string[]> }
  | Record<never, never>;

interface AnswerOf {
  answer: QuoteAnswer | undefined;
  form: RefObject<HTMLFormElement | null>;
  /** Called first for any answer. */
  answered: () => void;
  /** Sent: the form empties and starts again. */
  cleared: () => void;
  refused: (messages: Record<string, string[]>) => void;
}

/**
 * The thanks kept on the page after a request is sent. Once the dialog is closed, focus goes
 * where the visitor is next: the thanks with the reference, or the first field to mend.
 */
export function useQuoteAnswer({ answer, form, answered, cleared, refused }: AnswerOf) {
  const [thanks, setThanks] = useState<Sent>();
  const heading = useRef<HTMLHeadingElement>(null);
  const navigate = useNavigate();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the callbacks use only state setters, refs and module functions, the same in every render
  useEffect(() => {
    if (!answer) return;
    answered();
    if ("sent" in answer && answer.sent) {
      const { sent } = answer;
      cleared();
      setThanks(sent);
      navigate("/contact", { replace: true });
      void showSuccess({
        title: sent.title,
        message: sent.reference
          ? `${sent.message} Tu referencia es ${sent.reference}. ${nextSteps}`
          : sent.message,
      }).then(() => heading.current?.focus());
    } else if ("refused" in answer && answer.refused) {
      setThanks(undefined);
      refused(answer.refused);
      const mend = () => form.current?.querySelector<HTMLElement>("[aria-invalid]")?.focus();
      // api() has shown SPEC §8's dialog listing the fields (DialogHost's one <dialog>).
      const dialog = document.querySelector("dialog");
      if (dialog) dialog.addEventListener("close", mend, { once: true });
      else mend();
    }
  }, [answer, navigate]);
  return { thanks, dismiss: () => setThanks(undefined), heading };
}
