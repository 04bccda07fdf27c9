import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, failureText, prepareRequest, setAgencySlugSource, withAgencyParam } from './client';
import { shouldRetry } from './query-client';

const ORIGIN = 'http://portal.test';

describe('withAgencyParam', () => {
  it('adds agency= to same-origin URLs without one', () => {
    expect(withAgencyParam('/api/roster', 'lspd', ORIGIN)).toBe('/api/roster?agency=lspd');
    expect(withAgencyParam('/api/x?a=1#h', 'lspd', ORIGIN)).toBe('/api/x?a=1&agency=lspd#h');
    expect(withAgencyParam(`${ORIGIN}/api/x`, 'lspd', ORIGIN)).toBe(`${ORIGIN}/api/x?agency=lspd`);
  });

  it('keeps an explicit agency parameter', () => {
    expect(withAgencyParam('/api/x?agency=bcso', 'lspd', ORIGIN)).toBe('/api/x?agency=bcso');
  });

  it('leaves other origins and a missing slug alone', () => {
    expect(withAgencyParam('https://cdn.example/x', 'lspd', ORIGIN)).toBe('https://cdn.example/x');
    expect(withAgencyParam('/api/x', null, ORIGIN)).toBe('/api/x');
  });
});

describe('prepareRequest', () => {
  afterEach(() => {
    setAgencySlugSource(() => null);
  });

  it('adds the header, the parameter and same-origin credentials', () => {
    setAgencySlugSource(() => 'bcso');
    const [url, init] = prepareRequest('/api/roster', {}, ORIGIN);
    expect(url).toBe('/api/roster?agency=bcso');
    expect(new Headers(init.headers).get('X-Agency-Slug')).toBe('bcso');
    expect(init.credentials).toBe('same-origin');
  });

  it('keeps explicit credentials and header', () => {
    setAgencySlugSource(() => 'bcso');
    const [, init] = prepareRequest('/api/x', { credentials: 'include', headers: { 'X-Agency-Slug': 'lspd' } }, ORIGIN);
    expect(init.credentials).toBe('include');
    expect(new Headers(init.headers).get('X-Agency-Slug')).toBe('lspd');
  });

  it('lets a call name its agency or none', () => {
    setAgencySlugSource(() => 'bcso');
    expect(prepareRequest('/api/x', { agency: 'lspd' }, ORIGIN)[0]).toBe('/api/x?agency=lspd');
    const [url, init] = prepareRequest('/api/agencies', { agency: null }, ORIGIN);
    expect(url).toBe('/api/agencies');
    expect(new Headers(init.headers).has('X-Agency-Slug')).toBe(false);
    expect(init.credentials).toBe('same-origin');
  });

  it('does not send the agency to other origins', () => {
    setAgencySlugSource(() => 'bcso');
    const [url, init] = prepareRequest('https://cdn.example/a.png', {}, ORIGIN);
    expect(url).toBe('https://cdn.example/a.png');
    expect(init.headers).toBeUndefined();
  });
});

describe('apiFetch', () => {
  const respond = (body: BodyInit | null, init: ResponseInit) => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response(body, init)));
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  };

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('returns JSON', async () => {
    respond(JSON.stringify({ ok: 1 }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    await expect(apiFetch<{ ok: number }>('/api/x')).resolves.toEqual({ ok: 1 });
  });

  it("uses the server's error text", async () => {
    respond(JSON.stringify({ error: "Unknown agency 'x'" }), { status: 404 });
    const error = await apiFetch('/api/agencies/x/config').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe("Unknown agency 'x'");
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).serverMessage).toBe("Unknown agency 'x'");
  });

  it("falls back to 'HTTP {status}'", async () => {
    respond('<html>oops</html>', { status: 502 });
    await expect(apiFetch('/api/x')).rejects.toThrow('HTTP 502');
    respond(JSON.stringify({ message: 'nope' }), { status: 500 });
    await expect(apiFetch('/api/x')).rejects.toThrow('HTTP 500');
    const error = await apiFetch('/api/x').catch((e: unknown) => e);
    expect((error as ApiError).serverMessage).toBeNull();
  });

  it('returns undefined for 204', async () => {
    respond(null, { status: 204 });
    await expect(apiFetch('/api/x')).resolves.toBeUndefined();
  });
});

describe('failureText', () => {
  const http = (status: number) => `Failed (HTTP ${status})`;

  it("prefers the server's text, then the HTTP status, then the fallback", () => {
    expect(failureText(new ApiError(400, 'Bad', 'Bad'), http, 'Oops')).toBe('Bad');
    expect(failureText(new ApiError(502, 'HTTP 502'), http, 'Oops')).toBe('Failed (HTTP 502)');
    expect(failureText(new TypeError('Failed to fetch'), http, 'Oops')).toBe('Oops');
  });
});

describe('shouldRetry', () => {
  it('does not retry client errors', () => {
    expect(shouldRetry(0, new ApiError(404, 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError(503, 'x'))).toBe(true);
    expect(shouldRetry(2, new Error('network'))).toBe(false);
  });
});
