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
