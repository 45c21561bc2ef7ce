// Sending the request (decisions 123, 131, 181, 197): one at a time, photos made smaller first,
// then JSON, or a multipart form with photos, handed to the route's clientAction.
import { type FormEvent, useRef, useState, useSyncExternalStore } from "react";
import { useNavigation, useSubmit } from "react-router";
import { fileSize } from "~/lib/upload-progress";
import { sendingMessages } from "../../content/quote-request";
import { upload, waiting } from "./sending";
import type { FillTime } from "./use-fill-time";
import type { Photos } from "./use-photos";

/** What the form's one live region says: for screen readers only unless `shown` (decision 181). */
export interface Notice {
  text: string;
  shown?: boolean;
}

interface SendOf {
  /** The fields as the API takes them. */
  values: Record<string, string>;
  photos: Photos;
  fillTime: FillTime;
  notify: (notice: Notice | undefined) => void;
}

/** The form's submit handler, whether a request is on its way, and what it waits for. */
export function useSendQuote({ values, photos, fillTime, notify }: SendOf) {
  const submitForm = useSubmit();
  // Photos are made smaller before the request goes (decision 181): busy from the click on.
  const [preparing, setPreparing] = useState(false);
  // The photos being sent, whose upload the form shows (decision 181).
  const [uploading, setUploading] = useState<{ bytes: number }>();
  const sending = useNavigation().state === "submitting" || preparing;
  // A passing outage being waited out (decision 197): said in the form's live region.
  const wait = useSyncExternalStore(waiting.subscribe, waiting.get, () => undefined);
  // One request per answer: set by the submit event itself, since a double click brings two
  // events before the busy state is rendered (as the footer's form, decision 124).
  const awaiting = useRef(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (awaiting.current || !photos.acceptable()) return;
    awaiting.current = true;
    const fields = { ...values, form_fill_ms: fillTime.elapsed() };
    if (!photos.photos.length) {
      notify({ text: sendingMessages.sending(0, ""), shown: true });
      submitForm(fields, { method: "post", encType: "application/json" });
      return;
    }
    setPreparing(true);
    notify({ text: sendingMessages.preparing, shown: true });
    const sent = await photos.shrunk();
    setPreparing(false);
    if (!sent) {
      awaiting.current = false;
      notify(undefined);
      return;
    }
    const bytes = sent.reduce((total, photo) => total + photo.size, 0);
    // Said once as it starts; the bar and its figures are shown (`UploadProgress`).
    notify({ text: sendingMessages.sending(sent.length, fileSize(bytes)) });
    upload.set(undefined);
    setUploading({ bytes });
    // With photos the same fields go as a multipart form (decision 131).
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
    for (const photo of sent) form.append("photos", photo, photo.name);
    submitForm(form, { method: "post", encType: "multipart/form-data" });
  };

  /** The answer has come: another request may go. */
  const answered = () => {
    awaiting.current = false;
    notify(undefined);
    setUploading(undefined);
  };

  return { submit, sending, uploading, wait, answered };
}
