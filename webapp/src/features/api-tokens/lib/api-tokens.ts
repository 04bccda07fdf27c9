/**
 * Command → API tokens (issue 24): the scopes a token may have and what each allows, the
 * create form's checks (the server's sentences), and how a token's state reads. Pure.
 */

export const PAGE_TITLE = 'API tokens';
export const PAGE_DESCRIPTION =
  'Tokens let the game server and other tools call the portal for the agency, within their scopes only. A token is shown once; the portal keeps only its hash.';
export const UNAVAILABLE = 'API tokens unavailable';
export const NO_TOKENS = 'No API token yet. Create one for the game server with the duty:write scope.';
export const SECRET_ONCE = 'Copy this token now: you will not see it again. The portal keeps only its hash; lost, it is revoked and replaced.';
export const CONFIRM_REVOKE = 'Requests with this token are refused from now on, on every instance. This cannot be undone.';

/** The server's sentences (server/src/features/api_tokens/model.rs). */
export const NAME_REQUIRED = 'Name the token, such as Game server.';
export const SCOPE_REQUIRED = 'Choose at least one scope.';
export const NAME_MAX = 120;

/** The scopes in the screens' order, and what each lets a token do, in one line. */
export const SCOPE_HELP: Readonly<Record<string, string>> = {
  'duty:write': 'Clock members in and out by their Discord id (the game server).',
  'roster:read': 'Read the roster and every member’s duty hours.',
  'penal_codes:read': 'Read the penal code catalogue.',
  'reports:write': 'File reports as the member named in the X-Portal-Member header.',
};

export interface ScopeOption {
  value: string;
  label: string;
  help: string;
}

/** The scopes the server offers, each with its one-line explanation (the server's label when this list lacks one). */
export function scopeOptions(scopes: readonly { value: string; label: string }[]): ScopeOption[] {
  return scopes.map((scope) => ({ value: scope.value, label: scope.value, help: SCOPE_HELP[scope.value] ?? scope.label }));
}

export interface TokenValues {
  name: string;
  scopes: string[];
}

export const EMPTY_TOKEN: Readonly<TokenValues> = Object.freeze({ name: '', scopes: [] });

/** @mantine/form rules: a name and at least one scope. */
export const validateToken = {
  name: (value: string) => (value.trim() === '' ? NAME_REQUIRED : null),
  scopes: (value: readonly string[]) => (value.length === 0 ? SCOPE_REQUIRED : null),
};

/** The POST body: the name trimmed, the scopes in the order offered. */
export function tokenBody(values: TokenValues, offered: readonly { value: string }[]): { name: string; scopes: string[] } {
  const order = offered.map((scope) => scope.value);
  const scopes = [...new Set(values.scopes)].sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return { name: values.name.trim(), scopes };
}

/** Whether a token still works. */
export function isRevoked(token: { revokedAt?: string | null }): boolean {
  return token.revokedAt != null;
}

/** Active tokens first, then revoked ones; newest first within each (the server's order, kept whatever it sends). */
export function tokenOrder<T extends { id: number; createdAt: string; revokedAt?: string | null }>(tokens: readonly T[]): T[] {
  return [...tokens].sort((a, b) => {
    const revoked = Number(isRevoked(a)) - Number(isRevoked(b));
    if (revoked !== 0) return revoked;
    return b.createdAt.localeCompare(a.createdAt) || b.id - a.id;
  });
}
