// What the browser can tell of the chosen photos before sending them (decision 131, 181).
import { photoMessages, photoRules } from "../../content/quote-request";

/**
 * What the browser can tell of the chosen photos before sending them (decision 131): how many
 * and how heavy, in the server's words. A browser that makes photos smaller takes heavier ones
 * (decision 181) and checks what it made of them before sending. The server checks again, and
 * what each file holds.
 */
export function photoProblems(files: readonly File[], shrinking: boolean): string[] {
  const [limit, tooLarge] = shrinking
    ? [photoRules.maxChosenBytes, photoMessages.tooLargeToShrink]
    : [photoRules.maxFileBytes, photoMessages.tooLarge];
  return [
    ...(files.length > photoRules.maxFiles ? [photoMessages.tooMany] : []),
    ...files.filter((file) => file.size > limit).map((file) => tooLarge(file.name)),
  ];
}

/**
 * The messages once the list has changed to `files`: the browser's checks again, and what was
 * said before (the server's refusals among it) of the files still listed. The messages naming
 * the file taken out go (unless another listed file has its name), and so does the count's, which
 * the browser's checks give again if it still holds.
 */
export function photoErrorsFor(
  files: readonly File[],
  shrinking: boolean,
  before: readonly string[],
  removed?: File,
) {
  const gone =
    removed && !files.some((file) => file.name === removed.name) ? `«${removed.name}»` : undefined;
  const kept = before.filter(
    (message) => message !== photoMessages.tooMany && !(gone && message.includes(gone)),
  );
  return [...new Set([...photoProblems(files, shrinking), ...kept])];
}

export const sameFile = (a: File, b: File) =>
  a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;
