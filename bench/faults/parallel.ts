/**
 * 20 identical submissions at once of register, subscribe and contact, over HTTP against the
 * production server, each from its own client address: one account, one subscription, one
 * contact message (decision 060), whatever the answers.
 */
import { postJson, startProduct } from "../lib/product.ts";
import { verdict } from "../lib/report.ts";
import { uniqueToken } from "../lib/users.ts";

export async function parallel(options: { port: number }) {
  const lines: string[] = [];
  const product = await startProduct({ label: "parallel", port: options.port, quiet: true });
  const { server, database } = product;
  const tag = uniqueToken();
  const twenty = (pathname: string, body: unknown) =>
    Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        postJson(server.base, pathname, body, `10.20.${i}.${Math.floor(Math.random() * 250)}`),
      ),
    );
  const statuses = (answers: { status: number }[]) => {
    const counts: Record<number, number> = {};
    for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
    return JSON.stringify(counts);
  };
  try {
    const email = `carrera-${tag}@example.com`;
    const register = await twenty("/api/register", {
      name: "Carmen Carrera",
      email,
      password: "tejado-azul-2026-carrera",
      password_confirmation: "tejado-azul-2026-carrera",
    });
    const subscribe = await twenty("/api/subscriptions", { email: `boletin-${tag}@example.com` });
    const contact = await twenty("/api/contacts", {
      name: "Carmen Carrera",
      email,
      subject: "Reforma de cocina",
      message: `Quiero un presupuesto. ${tag}`,
    });
    const [users] = await database.query<{ n: number }>(
      "select count(*)::int as n from users where email = $1",
      [email],
    );
    const [subscriptions] = await database.query<{ n: number }>(
      "select count(*)::int as n from subscriptions where email = $1",
      [`boletin-${tag}@example.com`],
    );
    const [contacts] = await database.query<{ n: number }>(
      "select count(*)::int as n from contacts where message = $1",
      [`Quiero un presupuesto. ${tag}`],
    );
    const [notices] = await database.query<{ n: number }>(
      "select count(*)::int as n from mail_outbox where text like $1",
      [`%${tag}%`],
    );
    const summary = `answers: register ${statuses(register)}, subscribe ${statuses(subscribe)}, contact ${statuses(contact)}.`;
    console.log(summary);
    lines.push(summary);
    verdict(
      lines,
      "register: one account, one 201, the others 422 (e-mail taken)",
      users?.n === 1 &&
        register.filter((a) => a.status === 201).length === 1 &&
        register.filter((a) => a.status === 422).length === 19,
      `${users?.n} rows`,
    );
    verdict(
      lines,
      "subscribe: one row, twenty 201",
      subscriptions?.n === 1 && subscribe.every((a) => a.status === 201),
      `${subscriptions?.n} rows`,
    );
    verdict(
      lines,
      "contact: one row and one notice, twenty 201",
      contacts?.n === 1 && notices?.n === 1 && contact.every((a) => a.status === 201),
      `${contacts?.n} rows, ${notices?.n} notices`,
    );
  } finally {
    await product.close();
  }
  return lines;
}
