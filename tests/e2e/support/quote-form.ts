// The quote form of /contact as a visitor fills it (issue 36; decision 265): a step at a time
// once its script runs, one plain form before. Shared by the stories that send a request.
import { expect, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { isHydrated } from "../chrome-support";

/**
 * People take more than 3 s to write a request; a faster one is asked again (decision 153). The
 * page measures that time with performance.now(), which runs on Playwright's clock once the test
 * has installed it, before opening the page (`onPlaywrightsClock`): time flows as usual, and
 * `likeAPerson` moves it on 3.1 s at once instead of waiting them. (Without the clock installed
 * first, the page's earlier and later readings come from two clocks and the request is refused
 * as hasty: the test fails, it does not pass unseen.)
 */
export const onPlaywrightsClock = (page: Page, time?: number) =>
  page.clock.install(time === undefined ? undefined : { time });
export const likeAPerson = (page: Page) => page.clock.fastForward(3_100);

/** The quote form (the page's only form posted to /contact). */
export const quoteForm = (page: Page) => page.locator('form[action="/contact"]');

/**
 * Types into the quote form's written fields, by the labels a visitor reads, in the form's order.
 * Once its script runs the form goes a step at a time (decision 265): «Mensaje» is asked about the
 * job, the others with the visitor's contact, and the steps between are passed with «Siguiente»
 * (with «Otro trabajo» as the job when none is chosen). Before the script, one plain form: a page
 * opened without `visit` (or `waitForHydration`) is taken for one until its header is hydrated.
 */
export async function fillRequest(form: Locator, fields: Partial<Record<WrittenLabel, string>>) {
  if (!(await isStepped(form))) {
    for (const label of writtenLabels) {
      const value = fields[label];
      if (value !== undefined) await form.getByLabel(label).fill(value);
    }
    return;
  }
  // In steps there is no subject to type (decision 266): what a test writes as one goes at the
  // start of the message, where its mails and checks find it; one field takes phone or e-mail.
  await goToStep(form, "Sobre la obra");
  const message = [fields.Asunto, fields.Mensaje].filter(Boolean).join(". ");
  if (message) await form.getByLabel("Mensaje").fill(message);
  await goToStep(form, "Cómo contactarte");
  if (fields.Nombre !== undefined) await form.getByLabel("Nombre").fill(fields.Nombre);
  const reach = fields.Teléfono ?? fields["Correo electrónico"];
  if (reach !== undefined) await form.getByLabel("Teléfono o correo").fill(reach);
  await form.getByRole("checkbox", { name: /Acepto que uséis mis datos/ }).check();
}
export const writtenLabels = [
  "Nombre",
  "Correo electrónico",
  "Teléfono",
  "Asunto",
  "Mensaje",
] as const;
export type WrittenLabel = (typeof writtenLabels)[number];

/** The form's steps, shown once its script runs. */
export const stepProgress = (form: Locator) =>
  form.getByRole("navigation", { name: "Progreso de la solicitud" });
/**
 * Whether the form goes a step at a time. Once the page's script has run (its header hydrated,
 * as `visit` waits for) the form will be in steps, but on a loaded machine React hydrates the
 * rest of the page and runs the form's effects a moment later: the steps are waited for, not
 * glanced at (a glance read the plain form, and typing into its fields, hidden once the steps
 * came, waited out the test). Before the script (held, or off) it is one plain form.
 */
export async function isStepped(form: Locator): Promise<boolean> {
  if (!(await isHydrated(form.page()))) return false;
  await expect(stepProgress(form)).toBeVisible();
  return true;
}
export const stepTitles = ["El trabajo", "Sobre la obra", "Fotos", "Cómo contactarte"] as const;
export type StepTitle = (typeof stepTitles)[number];

/** A step's heading, «2. Sobre la obra», by its title. */
export const stepHeading = (form: Locator, title: StepTitle) =>
  form.getByRole("heading", { level: 3, name: `${stepTitles.indexOf(title) + 1}. ${title}` });

/** The step shown: its index in `stepTitles`. */
export async function currentStep(form: Locator) {
  for (const [index, title] of stepTitles.entries()) {
    if (await stepHeading(form, title).isVisible()) return index;
  }
  throw new Error("No step of the quote form is shown");
}

/**
 * Moves with «Siguiente» or «Atrás» until the step titled `title` shows, choosing «Otro trabajo»
 * on the job's step if no service is chosen yet. A move puts focus on the step's heading.
 */
export async function goToStep(form: Locator, title: StepTitle) {
  const target = stepTitles.indexOf(title);
  let at = await currentStep(form);
  while (at !== target) {
    if (at < target) {
      if (at === 0 && !(await form.getByRole("radio", { checked: true }).count())) {
        await form.getByRole("radio", { name: "Otro trabajo" }).check();
      }
      await form.getByRole("button", { name: "Siguiente" }).click();
      at += 1;
    } else {
      await form.getByRole("button", { name: "Atrás" }).click();
      at -= 1;
    }
    const heading = stepHeading(form, stepTitles[at] as StepTitle);
    await expect(heading).toBeVisible();
    await expect(heading).toBeFocused();
  }
}

/** Ticks the consent, asked again after a reload (decision 266). */
export const consent = (form: Locator) =>
  form.getByRole("checkbox", { name: /Acepto que uséis mis datos/ }).check();

/** The request's button, on the last step. */
export const sendButton = (form: Locator) =>
  form.getByRole("button", { name: "Enviar solicitud de presupuesto" });

/** Sends the request from wherever the visitor is: the last step's button. */
export async function send(form: Locator) {
  if (await isStepped(form)) await goToStep(form, "Cómo contactarte");
  await sendButton(form).click();
}

/**
 * The chosen photo `name` is shown small beside its name: its picture drawn, not a blank square
 * (a blocked or broken image is `complete` too, with no width).
 */
export async function expectThumbnail(form: Locator, name: string) {
  const picture = form.getByRole("listitem").filter({ hasText: name }).locator("img");
  await expect
    .poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0);
}

/** A small photo, as a phone would send one. */
export const photo = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: "#b5653a" } })
    .jpeg()
    .toBuffer();
