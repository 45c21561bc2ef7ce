import { data, Link } from "react-router";

export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: "Página no encontrada | Obra Mediterránea" }];
}

export default function NotFound() {
  return (
    <main>
      <p>Error 404</p>
      <h1>La página que buscas no existe.</h1>
      <Link to="/">Volver al inicio</Link>
    </main>
  );
}
