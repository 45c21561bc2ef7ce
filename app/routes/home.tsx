export function meta() {
  return [{ title: "Inicio | Obra Mediterránea" }];
}

export default function Home() {
  return <h1>Obra Mediterránea</h1>;
}
