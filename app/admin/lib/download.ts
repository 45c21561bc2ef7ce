import { getSession } from "~/lib/session";

/**
 * Fetches a file from an admin API call, which asks for the bearer token (so a plain link cannot
 * do it), and hands it to the browser as a download under the server's file name, or
 * `fallbackName`. Throws when the call fails.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const { token } = getSession();
  const response = await fetch(path, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  const disposition = response.headers.get("content-disposition") ?? "";
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
