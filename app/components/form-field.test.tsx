import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Field } from "./form-field";

describe("a field's messages from the server", () => {
  it("are read as sentences, each with its own full stop, not joined by commas", () => {
    const html = renderToStaticMarkup(
      <Field label="Correo electrónico" errors={["Ya existe.", "No es válido."]}>
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(html).toContain(">Ya existe. No es válido.</p>");
    expect(html).toContain('aria-invalid="true"');
  });
});

describe("a field marked optional", () => {
  it("is named with a space before «(opcional)», as it reads", () => {
    const html = renderToStaticMarkup(
      <Field label="Correo electrónico" markOptional>
        {(control) => <input {...control} />}
      </Field>,
    );
    const label = /<label[^>]*>(.*?)<\/label>/.exec(html)?.[1] ?? "";
    // The label's text as the accessible name joins it: its text nodes, tags left out.
    expect(label.replace(/<[^>]+>/g, "")).toBe("Correo electrónico (opcional)");
  });
});
