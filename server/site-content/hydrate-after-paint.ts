/**
 * A public page's scripts start once it has been painted (decision 287).
 *
 * React Router asks for every module of the page from the <head> (`modulepreload`) and imports
 * them from an inline module script: on a phone's slow connection about 117 KB of framework
 * compete with the fonts and the first photo for the first screen, which the page shows without
 * them (it is server-rendered, and its links and forms work before hydration). Here the module
 * script is held as an inert script and a small loader starts it, with its preloads, after the
 * first contentful paint: the first screen gets the connection first and hydration follows. The held
 * script's text is run unchanged, so its CSP hash (taken from the document) still allows it.
 *
 * Written against React Router's own markup. When that markup changes the page is left as
 * rendered, still correct, only hydrated sooner; the browser test in public-pages.spec.ts (a
 * real page's scripts requested after its paint) fails then.
 */

const modulePreload = /<link rel="modulepreload"[^>]*?\shref="([^"]+)"[^>]*>/g;
const moduleScript = '<script type="module" async="">';
const heldType = "text/x-module-after-paint";

/**
 * Finds the held script just before it, removes itself (so that the document React hydrates
 * has the one module script it rendered), and once the browser reports the first contentful
 * paint puts back the preloads and the module script. A frame drawn is not yet a paint shown:
 * waiting for the next animation frame started the scripts 35 ms before the paint. A tab in
 * the background paints nothing, and a browser may report no paint: two seconds at most.
 */
const loader = `(()=>{const held=document.currentScript.previousElementSibling;document.currentScript.remove();let started=false;const start=()=>{if(started)return;started=true;for(const href of held.dataset.modulepreload.split(" ").filter(Boolean)){const link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.append(link)}const script=document.createElement("script");script.type="module";script.async=true;script.text=held.text;held.replaceWith(script)};try{new PerformanceObserver((list,observer)=>{if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();start()}}).observe({type:"paint",buffered:true})}catch{}setTimeout(start,2000)})()`;

/** The document with its module script started after the first paint; as it was if not found. */
export function hydrateAfterPaint(html: string): string {
  const at = html.indexOf(moduleScript);
  if (at === -1 || html.indexOf(moduleScript, at + 1) !== -1) return html;
  const end = html.indexOf("</script>", at);
  if (end === -1) return html;
  const preloads = [...html.matchAll(modulePreload)].map((match) => match[1]);
  const body = html.slice(at + moduleScript.length, end);
  const held = `<script type="${heldType}" data-modulepreload="${preloads.join(" ")}">${body}</script><script>${loader}</script>`;
  return (html.slice(0, at) + held + html.slice(end + "</script>".length)).replace(
    modulePreload,
    "",
  );
}
