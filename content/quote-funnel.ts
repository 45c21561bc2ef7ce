import { quoteSteps } from "./quote-steps";

/**
 * The steps of the quote form the step funnel counts (issue 36; decision 264), in order. The
 * browser reports the steps marked `beacon` (POST /api/funnel); «sent» is counted by the server
 * when a request is stored, so it cannot be made up. The step-by-step form adds its steps here,
 * between the two, and reports each as the visitor reaches it.
 */
export const funnelSteps = [
  { value: "opened", title: "Abren el formulario", beacon: true },
  // The form's own steps (quote-steps.ts), each counted as it is shown.
  ...quoteSteps.map((step) => ({
    value: step.value,
    title: `Llegan a «${step.title}»`,
    beacon: true,
  })),
  { value: "sent", title: "Envían la solicitud", beacon: false },
] as const;

export type FunnelStep = (typeof funnelSteps)[number]["value"];

/** The service of a visitor who has not chosen one yet. */
export const noFunnelService = "ninguno";
