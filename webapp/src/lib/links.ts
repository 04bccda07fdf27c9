/** Footer links (member-portal §2.3). Pure. */

export interface LocationLike {
  protocol: string;
  port: string;
}

/**
 * Portal link: the agency's configured portal link, else its domain (on the current protocol
 * and port, so local demo domains such as lspd.localhost:8080 work). Null when neither is set.
 */
export function portalHref(
  portal: string | null | undefined,
  domain: string | null | undefined,
  location: LocationLike,
): string | null {
  const configured = portal?.trim();
  if (configured) return configured;
  const host = domain?.trim();
  if (!host) return null;
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(host)) return host;
  const port = location.port ? `:${location.port}` : '';
  return `${location.protocol}//${host}${port}`;
}

/** '© {year} {name}' */
export function copyrightLine(year: number, name: string | null | undefined): string {
  const owner = name?.trim() ? name.trim() : 'Community Portal';
  return `© ${year} ${owner}`;
}
