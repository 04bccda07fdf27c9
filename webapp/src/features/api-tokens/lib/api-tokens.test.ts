import { describe, expect, it } from 'vitest';
import { isRevoked, NAME_REQUIRED, SCOPE_REQUIRED, scopeOptions, tokenBody, tokenOrder, validateToken } from './api-tokens';

const OFFERED = [
  { value: 'duty:write', label: 'Clock members in and out' },
  { value: 'roster:read', label: 'Read the roster' },
  { value: 'penal_codes:read', label: 'Read the penal codes' },
  { value: 'reports:write', label: 'File reports as a member' },
  { value: 'future:scope', label: 'Something new' },
];

describe('API tokens', () => {
  it('explains every scope in one line (the server’s label for one it does not know)', () => {
    const options = scopeOptions(OFFERED);
    expect(options.map((option) => option.value)).toEqual(OFFERED.map((scope) => scope.value));
    expect(options[0]?.help).toBe('Clock members in and out by their Discord id (the game server).');
    expect(options[4]?.help).toBe('Something new');
    for (const option of options) expect(option.help).not.toContain('\n');
  });

  it('needs a name and a scope (the server’s sentences)', () => {
    expect(validateToken.name('  ')).toBe(NAME_REQUIRED);
    expect(validateToken.name('Game server')).toBeNull();
    expect(validateToken.scopes([])).toBe(SCOPE_REQUIRED);
    expect(validateToken.scopes(['duty:write'])).toBeNull();
  });

  it('sends the name trimmed and each scope once, in the order offered', () => {
    expect(tokenBody({ name: ' Game server ', scopes: ['roster:read', 'duty:write', 'roster:read'] }, OFFERED)).toEqual({
      name: 'Game server',
      scopes: ['duty:write', 'roster:read'],
    });
  });

  it('lists active tokens first, newest first', () => {
    const token = (id: number, createdAt: string, revokedAt: string | null = null) => ({ id, createdAt, revokedAt });
    const ordered = tokenOrder([token(1, '2026-12-01T10:00:00Z'), token(2, '2026-12-03T10:00:00Z', '2026-12-04T10:00:00Z'), token(3, '2026-12-02T10:00:00Z')]);
    expect(ordered.map((t) => t.id)).toEqual([3, 1, 2]);
    expect(isRevoked(token(2, '', '2026-12-04T10:00:00Z'))).toBe(true);
    expect(isRevoked(token(1, ''))).toBe(false);
  });
});
