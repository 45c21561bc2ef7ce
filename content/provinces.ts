/**
 * Spain's provinces by the two digits that start their postcodes (the INE codes), with the
 * autonomous community each belongs to: the Empresa form's choice of province, the postcode's
 * check and the region the business data (JSON-LD) names.
 */
export const provinces = [
  { code: "01", name: "Álava", region: "País Vasco" },
  { code: "02", name: "Albacete", region: "Castilla-La Mancha" },
  { code: "03", name: "Alicante", region: "Comunidad Valenciana" },
  { code: "04", name: "Almería", region: "Andalucía" },
  { code: "05", name: "Ávila", region: "Castilla y León" },
  { code: "06", name: "Badajoz", region: "Extremadura" },
  { code: "07", name: "Islas Baleares", region: "Islas Baleares" },
  { code: "08", name: "Barcelona", region: "Cataluña" },
  { code: "09", name: "Burgos", region: "Castilla y León" },
  { code: "10", name: "Cáceres", region: "Extremadura" },
  { code: "11", name: "Cádiz", region: "Andalucía" },
  { code: "12", name: "Castellón", region: "Comunidad Valenciana" },
  { code: "13", name: "Ciudad Real", region: "Castilla-La Mancha" },
  { code: "14", name: "Córdoba", region: "Andalucía" },
  { code: "15", name: "A Coruña", region: "Galicia" },
  { code: "16", name: "Cuenca", region: "Castilla-La Mancha" },
  { code: "17", name: "Girona", region: "Cataluña" },
  { code: "18", name: "Granada", region: "Andalucía" },
  { code: "19", name: "Guadalajara", region: "Castilla-La Mancha" },
  { code: "20", name: "Gipuzkoa", region: "País Vasco" },
  { code: "21", name: "Huelva", region: "Andalucía" },
  { code: "22", name: "Huesca", region: "Aragón" },
  { code: "23", name: "Jaén", region: "Andalucía" },
  { code: "24", name: "León", region: "Castilla y León" },
  { code: "25", name: "Lleida", region: "Cataluña" },
  { code: "26", name: "La Rioja", region: "La Rioja" },
  { code: "27", name: "Lugo", region: "Galicia" },
  { code: "28", name: "Madrid", region: "Comunidad de Madrid" },
  { code: "29", name: "Málaga", region: "Andalucía" },
  { code: "30", name: "Murcia", region: "Región de Murcia" },
  { code: "31", name: "Navarra", region: "Navarra" },
  { code: "32", name: "Ourense", region: "Galicia" },
  { code: "33", name: "Asturias", region: "Asturias" },
  { code: "34", name: "Palencia", region: "Castilla y León" },
  { code: "35", name: "Las Palmas", region: "Canarias" },
  { code: "36", name: "Pontevedra", region: "Galicia" },
  { code: "37", name: "Salamanca", region: "Castilla y León" },
  { code: "38", name: "Santa Cruz de Tenerife", region: "Canarias" },
  { code: "39", name: "Cantabria", region: "Cantabria" },
  { code: "40", name: "Segovia", region: "Castilla y León" },
  { code: "41", name: "Sevilla", region: "Andalucía" },
  { code: "42", name: "Soria", region: "Castilla y León" },
  { code: "43", name: "Tarragona", region: "Cataluña" },
  { code: "44", name: "Teruel", region: "Aragón" },
  { code: "45", name: "Toledo", region: "Castilla-La Mancha" },
  { code: "46", name: "Valencia", region: "Comunidad Valenciana" },
  { code: "47", name: "Valladolid", region: "Castilla y León" },
  { code: "48", name: "Bizkaia", region: "País Vasco" },
  { code: "49", name: "Zamora", region: "Castilla y León" },
  { code: "50", name: "Zaragoza", region: "Aragón" },
  { code: "51", name: "Ceuta", region: "Ceuta" },
  { code: "52", name: "Melilla", region: "Melilla" },
] as const;

export type Province = (typeof provinces)[number];

export const provinceByName = (name: string): Province | undefined =>
  provinces.find((province) => province.name === name);

/** The province a postcode belongs to (its first two digits), if any. */
export const provinceOfPostcode = (postcode: string): Province | undefined =>
  provinces.find((province) => province.code === postcode.slice(0, 2));

/**
 * Boxes around Spain's land (the peninsula with the Balearic Islands, the Canary Islands, Ceuta
 * and Melilla): an office's coordinates must fall in one, or its map shows somewhere else.
 */
const spainBoxes = [
  { south: 35.9, north: 43.9, west: -9.4, east: 4.4 },
  { south: 27.5, north: 29.5, west: -18.2, east: -13.3 },
  { south: 35.8, north: 35.95, west: -5.4, east: -5.25 },
  { south: 35.25, north: 35.33, west: -3.0, east: -2.9 },
];

export const insideSpain = (lat: number, lng: number): boolean =>
  spainBoxes.some(
    (box) => lat >= box.south && lat <= box.north && lng >= box.west && lng <= box.east,
  );
