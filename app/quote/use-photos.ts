// The photos chosen for the request (decisions 131, 181): the list, the browser's checks on it,
// and making them smaller before they go.
import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { canShrinkPhotos, shrinkPhoto } from "~/lib/photo-shrink";
import { photoMessages, photoRules, sendingMessages } from "../../content/quote-request";
import { photoErrorsFor, photoProblems, sameFile } from "./photo-checks";

/**
 * The chosen photos and their messages; `say` tells the form's live region what changed, and
 * `shown` brings the photos into view when the browser refuses them.
 */
export function usePhotos(say: (text: string) => void, shown: () => void = () => {}) {
  const [photos, setPhotos] = useState<File[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  // Whether this browser can make photos smaller, which lets heavier ones be chosen (known once
  // the script runs).
  const [shrinking, setShrinking] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => setShrinking(canShrinkPhotos()), []);

  /** Messages shown beside the input, where focus goes to mend them. */
  const refuse = (messages: string[]) => {
    setErrors(messages);
    input.current?.focus();
    shown();
  };

  return {
    photos,
    errors,
    shrinking,
    input,
    refuse,
    /** The server's refusals of files, shown beside the input (focus goes to the first field). */
    setErrors,
    /** Chosen files join those already listed (the input is emptied to take the next ones). */
    add(event: ChangeEvent<HTMLInputElement>) {
      const chosen = Array.from(event.currentTarget.files ?? []);
      event.currentTarget.value = "";
      const next = [...photos, ...chosen.filter((file) => !photos.some((p) => sameFile(p, file)))];
      setPhotos(next);
      setErrors(photoErrorsFor(next, shrinking, errors));
      say(sendingMessages.chosen(next.length));
    },
    remove(index: number) {
      const next = photos.filter((_, i) => i !== index);
      setPhotos(next);
      setErrors(photoErrorsFor(next, shrinking, errors, photos[index]));
      say(sendingMessages.removed(photos[index]?.name ?? ""));
      // The button is gone: focus goes back to where photos are chosen.
      input.current?.focus();
    },
    clear() {
      setPhotos([]);
      setErrors([]);
    },
    /** False, with the messages shown, when the browser can already tell they would be refused. */
    acceptable() {
      const problems = photoProblems(photos, shrinking);
      if (problems.length) refuse(problems);
      return !problems.length;
    },
    /**
     * Each photo made smaller (decision 181), one at a time: a phone decoding five 48 MP photos
     * at once could run out of memory. One the browser could not make smaller and the server
     * would refuse is named now, before a slow upload is spent on it: the answer is then none.
     */
    async shrunk(): Promise<File[] | undefined> {
      const sent: File[] = [];
      for (const photo of photos) sent.push(await shrinkPhoto(photo));
      const unshrunk = sent.filter((photo) => photo.size > photoRules.maxFileBytes);
      if (!unshrunk.length) return sent;
      refuse(unshrunk.map((photo) => photoMessages.notShrunk(photo.name)));
      return undefined;
    },
  };
}

export type Photos = ReturnType<typeof usePhotos>;
