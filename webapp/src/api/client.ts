/**
 * The one fetch client of the portal (member-portal §7). Every same-origin request carries
 * the active agency: header `X-Agency-Slug` and query parameter `agency` (unless the URL
 * already names one), and `credentials: 'same-origin'` unless the caller chose otherwise.
 * A non-OK response becomes an `ApiError` whose message is the server's `error` text when the
 * body is JSON, else 'HTTP {status}'.
 */

export const AGENCY_HEADER = 'X-Agency-Slug';
export const AGENCY_PARAM = 'agency';

/** Error of a non-OK response. */
export class ApiError extends Error {
  readonly status: number;
  /** The server's own `error` text, when the body carried one. */
  readonly serverMessage: string | null;

  constructor(status: number, message: string, serverMessage: string | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

type SlugSource = () => string | null;

let activeSlugSource: SlugSource = () => null;

/** Where the client reads the active agency slug from (set once by the agency store). */
export function setAgencySlugSource(source: SlugSource): void {
  activeSlugSource = source;
}

export interface ApiRequestInit extends RequestInit {
  /**
   * Agency of this request: a slug, `null` for none (agency-independent calls), or absent
   * for the active agency.
   */
  agency?: string | null;
}

function currentOrigin(): string {
  return typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
}

/**
 * Adds `agency={slug}` to a same-origin URL that has no `agency` parameter. Relative URLs stay
 * relative; other origins are returned unchanged.
 */
export function withAgencyParam(input: string, slug: string | null, origin = currentOrigin()): string {
  if (slug === null) return input;
  const url = new URL(input, origin);
  if (url.origin !== origin || url.searchParams.has(AGENCY_PARAM)) return input;
  url.searchParams.set(AGENCY_PARAM, slug);
  const isAbsolute = /^[a-z][a-z\d+.-]*:/i.test(input) || input.startsWith('//');
  return isAbsolute ? url.toString() : `${url.pathname}${url.search}${url.hash}`;
}

/** True when `input` points at the page's own origin. */
export function isSameOrigin(input: string, origin = currentOrigin()): boolean {
  return new URL(input, origin).origin === origin;
}

/** The `fetch` arguments after the agency and credential rules are applied. */
export function prepareRequest(
  input: string,
  init: ApiRequestInit = {},
  origin = currentOrigin(),
): [string, RequestInit] {
  const { agency, ...rest } = init;
  const slug = agency === undefined ? activeSlugSource() : agency;
  const request: RequestInit = { ...rest };
  request.credentials ??= 'same-origin';
  if (slug === null || !isSameOrigin(input, origin)) return [input, request];
  const headers = new Headers(rest.headers);
  if (!headers.has(AGENCY_HEADER)) headers.set(AGENCY_HEADER, slug);
  request.headers = headers;
  return [withAgencyParam(input, slug, origin), request];
}

/** The JSON body's `error` text of a failed response, or null. */
export async function serverErrorText(response: Response): Promise<string | null> {
  try {
    const body: unknown = await response.json();
    if (body !== null && typeof body === 'object') {
      const error = (body as Record<string, unknown>).error;
      if (typeof error === 'string' && error.trim() !== '') return error;
    }
  } catch {
    // Not JSON.
  }
  return null;
}

/** Error text of a failed response: the JSON body's `error`, else 'HTTP {status}'. */
export async function errorMessage(response: Response): Promise<string> {
  return (await serverErrorText(response)) ?? `HTTP ${response.status}`;
}

/** Performs a request and returns the raw response; non-OK responses throw `ApiError`. */
export async function apiRequest(input: string, init?: ApiRequestInit): Promise<Response> {
  const [url, request] = prepareRequest(input, init);
  const response = await fetch(url, request);
  if (!response.ok) {
    const text = await serverErrorText(response);
    throw new ApiError(response.status, text ?? `HTTP ${response.status}`, text);
  }
  return response;
}

/** JSON request. The caller names the expected response type (checked by the server's schema). */
export async function apiFetch<T>(input: string, init?: ApiRequestInit): Promise<T> {
  const response = await apiRequest(input, init);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** JSON helpers. */
export const api = {
  get: <T>(url: string, init?: ApiRequestInit): Promise<T> => apiFetch<T>(url, { ...init, method: 'GET' }),
  post: <T>(url: string, body: unknown, init?: ApiRequestInit): Promise<T> =>
    apiFetch<T>(url, jsonInit('POST', body, init)),
  put: <T>(url: string, body: unknown, init?: ApiRequestInit): Promise<T> =>
    apiFetch<T>(url, jsonInit('PUT', body, init)),
  patch: <T>(url: string, body: unknown, init?: ApiRequestInit): Promise<T> =>
    apiFetch<T>(url, jsonInit('PATCH', body, init)),
  delete: <T>(url: string, init?: ApiRequestInit): Promise<T> => apiFetch<T>(url, { ...init, method: 'DELETE' }),
};

function jsonInit(method: string, body: unknown, init: ApiRequestInit = {}): ApiRequestInit {
  const headers = new Headers(init.headers);
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  return { ...init, method, headers, body: JSON.stringify(body) };
}

/**
 * What to tell about a failed call: the server's `error` text; else, for an HTTP failure
 * without one, `httpText(status)`; else (network errors and the like) `fallback`.
 */
export function failureText(error: unknown, httpText: (status: number) => string, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? httpText(error.status);
  return fallback;
}

/** Message of an unknown error, or `fallback` when it has none. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  if (typeof error === 'string' && error.trim() !== '') return error;
  return fallback;
}
