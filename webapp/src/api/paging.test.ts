import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, setAgencySlugSource } from './client';
import { getAllPages, laterPages, nextBefore, withParams } from './paging';

describe('nextBefore', () => {
  it('reads the before of the next link', () => {
    expect(nextBefore('</api/arrests?status=pending&limit=50&before=41>; rel="next"')).toBe(41);
  });

  it('finds the next link among others', () => {
    expect(nextBefore('</api/uof?before=9>; rel="prev", </api/uof?limit=2&before=5>; rel="next"')).toBe(5);
  });

  it('is null on the last page or for a link it cannot read', () => {
    expect(nextBefore(null)).toBeNull();
    expect(nextBefore('')).toBeNull();
    expect(nextBefore('</api/uof?before=9>; rel="prev"')).toBeNull();
    expect(nextBefore('</api/uof?before=soon>; rel="next"')).toBeNull();
    expect(nextBefore('</api/uof>; rel="next"')).toBeNull();
    expect(nextBefore('<unterminated; rel=next')).toBeNull();
  });
});

describe('withParams', () => {
  it('leaves out what is not given', () => {
    expect(withParams('/api/uof', { status: null, limit: 50, before: undefined })).toBe('/api/uof?limit=50');
    expect(withParams('/api/uof', {})).toBe('/api/uof');
  });

  it('encodes values', () => {
    expect(withParams('/api/arrests', { status: 'under review', before: 12 })).toBe('/api/arrests?status=under+review&before=12');
  });
});

describe('laterPages', () => {
  it('lists every page after the first up to the last, keeping the token and the other parameters', () => {
    const link = '</api/roster?agency=lspd&page=2&of=ab12>; rel="next", </api/roster?agency=lspd&page=4&of=ab12>; rel="last"';
    expect(laterPages(link)).toEqual([
      '/api/roster?agency=lspd&page=2&of=ab12',
      '/api/roster?agency=lspd&page=3&of=ab12',
      '/api/roster?agency=lspd&page=4&of=ab12',
    ]);
  });

  it('is empty for one page, no link, or a link it cannot read', () => {
    expect(laterPages('</api/roster?page=1&of=ab12>; rel="last"')).toEqual([]);
    expect(laterPages(null)).toEqual([]);
    expect(laterPages('</api/roster?page=2&of=ab12>; rel="next"')).toEqual([]);
    expect(laterPages('</api/roster?page=many>; rel="last"')).toEqual([]);
    expect(laterPages('<unterminated; rel=last')).toEqual([]);
  });
});

/**
 * The roster answered in pages of two. Each reading of the list is one of `readings` (the
 * last one stays); the list changes right after each of the first `changes` first pages is
 * answered, so the later pages of that reading are refused with 409 as the server would.
 */
function pagedServer(readings: string[][], changes = 0) {
  let reading = 0;
  const requested: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<(input: string, init?: RequestInit) => Promise<Response>>((input) => {
      const url = new URL(input, 'http://portal.test');
      requested.push(`${url.pathname}${url.search}`);
      const people = readings[Math.min(reading, readings.length - 1)] ?? [];
      const token = `t${reading}`;
      const of = url.searchParams.get('of');
      if (of !== null && of !== token) {
        return Promise.resolve(new Response(JSON.stringify({ error: 'changed' }), { status: 409 }));
      }
      const page = Number(url.searchParams.get('page') ?? '1');
      const count = Math.max(1, Math.ceil(people.length / 2));
      // As the server writes it: the query as asked, with the page and the token set.
      const last = new URLSearchParams(url.search);
      last.delete('page');
      last.delete('of');
      last.set('page', String(count));
      last.set('of', token);
      const headers = new Headers({ Link: `<${url.pathname}?${last.toString()}>; rel="last"` });
      const body = JSON.stringify(people.slice((page - 1) * 2, page * 2).map((name) => ({ name })));
      if (page === 1 && reading < changes) reading += 1;
      return Promise.resolve(new Response(body, { status: 200, headers }));
    }),
  );
  return requested;
}

describe('getAllPages', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('gathers every page in order', async () => {
    const requested = pagedServer([['Ann', 'Bob', 'Cy', 'Di', 'Ed']]);
    const people = await getAllPages<{ name: string }>('/api/roster');
    expect(people.map((p) => p.name)).toEqual(['Ann', 'Bob', 'Cy', 'Di', 'Ed']);
    expect(requested).toEqual(['/api/roster', '/api/roster?page=2&of=t0', '/api/roster?page=3&of=t0']);
  });

  it('asks every page of the agency it was given, whichever is active', async () => {
    setAgencySlugSource(() => 'bcso');
    try {
      const requested = pagedServer([['Ann', 'Bob', 'Cy']]);
      await getAllPages('/api/roster', { agency: 'lspd' });
      expect(requested).toEqual(['/api/roster?agency=lspd', '/api/roster?agency=lspd&page=2&of=t0']);
      const headers = vi.mocked(globalThis.fetch).mock.calls.map(([, init]) => new Headers(init?.headers).get('X-Agency-Slug'));
      expect(headers).toEqual(['lspd', 'lspd']);
    } finally {
      setAgencySlugSource(() => null);
    }
  });

  it('reads the list again from the first page when it changed between pages', async () => {
    const requested = pagedServer([['Ann', 'Bob', 'Cy'], ['Ann', 'Bob', 'Cy', 'Di']], 1);
    const people = await getAllPages<{ name: string }>('/api/roster');
    expect(people.map((p) => p.name)).toEqual(['Ann', 'Bob', 'Cy', 'Di']);
    expect(requested).toEqual(['/api/roster', '/api/roster?page=2&of=t0', '/api/roster', '/api/roster?page=2&of=t1']);
  });

  it('gives up with the 409 after three readings that each changed', async () => {
    const requested = pagedServer([['Ann', 'Bob', 'Cy']], 3);
    await expect(getAllPages('/api/roster')).rejects.toSatisfy((e) => e instanceof ApiError && e.status === 409);
    expect(requested.filter((url) => url === '/api/roster')).toHaveLength(3);
  });
});
