import { getSession } from "~/lib/session";

/**
 * One image of the API that asks for the bearer token, as a data: URL: an <img src> cannot send
 * the token, and the pages' Content-Security-Policy allows data: images, not blob:. For staff's
 * lead photos and a visitor's own (never on public pages: vite.config.ts keeps it out of `site`).
 */
export async function privateImageUrl(path: string): Promise<string> {
  const { token } = getSession();
  const response = await fetch(`/api/${path}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`GET /api/${path}: ${response.status}`);
  const blob = await response.blob();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}
