// The request's button, its upload's progress and the form's one live region (decision 181).
import { sendingMessages } from "../../content/quote-request";
import { UploadProgress } from "./upload-progress";
import type { Notice, useSendQuote } from "./use-send-quote";

/** `button`: false on the steps before the last (the live region is there on every step). */
export function SendButton({
  sending,
  notice,
  notify,
  button = true,
}: {
  button?: boolean;
  sending: ReturnType<typeof useSendQuote>;
  notice: Notice | undefined;
  notify: (notice: Notice) => void;
}) {
  return (
    <div className="sm:col-span-2">
      <button
        type="submit"
        hidden={!button}
        disabled={sending.sending}
        className="inline-flex min-h-12 w-full items-center justify-center rounded-md bg-terracotta px-8 py-3 font-semibold text-white shadow-sm hover:bg-terracotta-dark disabled:cursor-wait disabled:opacity-70 sm:w-auto"
      >
        {sending.sending ? "Enviando..." : "Enviar solicitud de presupuesto"}
      </button>
      {sending.uploading ? (
        <UploadProgress bytes={sending.uploading.bytes} say={(text) => notify({ text })} />
      ) : null}
      {/* Always there, so screen readers follow it from the start; the photo list's changes
        are said but not shown (the list shows them). */}
      <p role="status" className="mt-3 text-sm text-ink-soft">
        {sending.wait ? (
          sendingMessages.waiting(sending.wait)
        ) : notice?.shown ? (
          notice.text
        ) : (
          <span className="sr-only">{notice?.text}</span>
        )}
      </p>
    </div>
  );
}
