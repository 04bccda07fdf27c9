import { describe, expect, it } from 'vitest';
import { failureText, httpText, isStale, memberFailureText, saveProblemOf } from './catalogue-failure';

const STALE = 'Someone else saved this list since you opened it. Review their changes and save again.';

describe('catalogue failure texts', () => {
  it("says 'HTTP {status}'", () => {
    expect(httpText(502)).toBe('HTTP 502');
  });

  it('member lists show the status, or the fallback when the call failed outright', () => {
    expect(memberFailureText({ status: 403, serverMessage: 'Access denied' }, 'Failed to load equipment')).toBe('HTTP 403');
    expect(memberFailureText(null, 'Failed to load equipment')).toBe('Failed to load equipment');
  });

  it("management screens show the server's text, the status, or the fallback", () => {
    expect(failureText({ status: 400, serverMessage: 'Unknown rank ids: x.' }, 'Failed to save uniforms')).toBe(
      'Unknown rank ids: x.',
    );
    expect(failureText({ status: 500, serverMessage: null }, 'Failed to save uniforms')).toBe('HTTP 500');
    expect(failureText(null, 'Failed to save uniforms')).toBe('Failed to save uniforms');
  });

  it('a 409 is stale and offers Reload; other failures are not', () => {
    expect(isStale({ status: 409, serverMessage: STALE })).toBe(true);
    expect(isStale({ status: 400, serverMessage: 'Title is required' })).toBe(false);
    expect(isStale(null)).toBe(false);
  });

  it('a refused save carries its text and whether it was stale', () => {
    const text = (failure: Parameters<typeof failureText>[0]) => failureText(failure, 'Failed to save documents');
    expect(saveProblemOf({ status: 409, serverMessage: STALE }, text)).toEqual({ message: STALE, stale: true });
    expect(saveProblemOf({ status: 500, serverMessage: null }, text)).toEqual({ message: 'HTTP 500', stale: false });
    expect(saveProblemOf(null, text)).toEqual({ message: 'Failed to save documents', stale: false });
  });
});
