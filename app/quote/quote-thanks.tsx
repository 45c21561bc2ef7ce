// The thanks that stay on the page after the dialog: the visitor may want to note the reference.
import type { RefObject } from "react";
import { nextSteps } from "../../content/quote-request";
import type { Sent } from "./use-quote-answer";

export function QuoteThanks({
  thanks,
  heading,
  onAnother,
}: {
  thanks: Sent;
  heading: RefObject<HTMLHeadingElement | null>;
  /** «Enviar otra solicitud»: the thanks go and the form is where the visitor starts again. */
  onAnother: () => void;
}) {
  return (
    <section
      aria-labelledby="quote-thanks"
      className="mt-8 rounded-lg border border-olive/40 bg-sand-50 p-5"
    >
      <h3
        id="quote-thanks"
        ref={heading}
        tabIndex={-1}
        className="text-xl font-semibold focus:outline-none"
      >
        {thanks.title || "Solicitud enviada"}
      </h3>
      <p className="mt-2">
        {thanks.reference ? (
          <>
            Tu referencia es <strong className="whitespace-nowrap">{thanks.reference}</strong>.{" "}
            {nextSteps}
          </>
        ) : (
          thanks.message
        )}
      </p>
      <button
        type="button"
        onClick={onAnother}
        className="-ml-3 mt-2 min-h-11 rounded px-3 font-medium text-terracotta-dark underline underline-offset-4 hover:bg-sand-100"
      >
        Enviar otra solicitud
      </button>
    </section>
  );
}
