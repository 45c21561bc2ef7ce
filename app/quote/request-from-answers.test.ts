// The step-by-step form's answers as SPEC §7's five fields (decision 266).
import { describe, expect, it } from "vitest";
import { serviceQuestions } from "../../content/service-questions";
import { empty } from "./form-values";
import { messageFrom, plainRequest, requestFromAnswers, subjectFrom } from "./request-from-answers";
import { stepProblems } from "./step-checks";

const kitchen = { value: "reformas-de-cocinas", label: "Reforma de cocinas" };

describe("the request made from the answers", () => {
  it("sends the one contact field as the e-mail or the phone it is", () => {
    const byPhone = requestFromAnswers({ ...empty, reach: " 600 111 222 " }, kitchen);
    expect([byPhone.phone, byPhone.email]).toEqual(["600 111 222", ""]);
    const byMail = requestFromAnswers({ ...empty, reach: "ana@ejemplo.es" }, kitchen);
    expect([byMail.phone, byMail.email]).toEqual(["", "ana@ejemplo.es"]);
    expect(byMail).not.toHaveProperty("reach");
    expect(byMail).not.toHaveProperty("consent");
  });

  it("builds the subject from the service and where, never typed", () => {
    expect(subjectFrom({ ...empty, area: "Valencia" }, kitchen)).toBe(
      "Reforma de cocinas en Valencia",
    );
    expect(subjectFrom({ ...empty, area: "otra", postcode: "28013" }, kitchen)).toBe(
      "Reforma de cocinas (CP 28013)",
    );
    expect(subjectFrom(empty, undefined)).toBe("Solicitud de presupuesto");
    expect(requestFromAnswers({ ...empty, subject: "tecleado" }, kitchen).subject).toBe(
      "Reforma de cocinas",
    );
  });

  it("keeps a written message, and makes one of the answers when there is none", () => {
    const answered = { ...empty, surface_m2: "12", start_window: "cuanto-antes" };
    expect(messageFrom(answered)).toBe(
      "Metros cuadrados aproximados: 12\nCuándo quieres empezar: Cuanto antes",
    );
    expect(requestFromAnswers({ ...answered, message: "Abrirla al salón." }, kitchen).message).toBe(
      "Abrirla al salón.",
    );
    expect(messageFrom(empty)).toBe("Sin más detalles por ahora.");
    // The service's own question as the visitor read it, not as it is kept.
    const bathroom = {
      ...empty,
      service: "reformas-de-banos",
      job_answers: "banera:ducha|alicatado",
      area: "Valencia",
    };
    expect(messageFrom(bathroom, serviceQuestions["reformas-de-banos"])).toBe(
      "¿Qué quieres en el baño? Ducha, Alicatado nuevo\nProvincia o ciudad: Valencia",
    );
  });

  it("sends the plain form's fields without the steps' own", () => {
    expect(Object.keys(plainRequest(empty))).not.toContain("reach");
    expect(Object.keys(plainRequest(empty))).toContain("subject");
  });
});

describe("what stops a step", () => {
  it("asks for the job, then a name, a phone or e-mail and the consent; nothing about the job", () => {
    expect(Object.keys(stepProblems("job", empty))).toEqual(["service"]);
    expect(stepProblems("about", empty)).toEqual({});
    expect(stepProblems("photos", empty)).toEqual({});
    expect(Object.keys(stepProblems("contact", empty))).toEqual(["name", "reach", "consent"]);
    expect(
      stepProblems("contact", { ...empty, name: "Ana", reach: "600 111 222", consent: "si" }),
    ).toEqual({});
  });
});
