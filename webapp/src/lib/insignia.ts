/** Rank insignia files (command-and-reports §4): where the server serves them. Pure. */

/** Where an insignia file is served: /insignia/{file}. */
export function insigniaUrl(file: string): string {
  return `/insignia/${encodeURIComponent(file)}`;
}
