import { Badge, Button, Code, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useActiveSlug } from '@/agency/context';
import { CardsOrTable } from '@/components/CardsOrTable';
import { confirmRemoval } from '@/components/confirm';
import { ManagedListPage } from '@/components/ManagedListPage';
import { formatDayTime } from '@/lib/duty';
import { canWrite, isOnLeave } from '@/lib/rank-access';
import { useNavAccess } from '@/session/use-nav-access';
import { tokensErrorText, tokensQueryOptions, useRevokeToken, type ApiToken, type CreatedToken } from '../api/api-tokens';
import { CONFIRM_REVOKE, isRevoked, NO_TOKENS, PAGE_DESCRIPTION, PAGE_TITLE, SCOPE_HELP, tokenOrder, UNAVAILABLE } from '../lib/api-tokens';
import { CreateTokenDialog } from './CreateTokenDialog';
import { TokenSecretDialog } from './TokenSecretDialog';

function Scopes({ token }: { token: ApiToken }) {
  return (
    <Group gap={4} wrap="wrap">
      {token.scopes.map((scope) => (
        <Badge key={scope} size="sm" variant="light" color="gray" title={SCOPE_HELP[scope]} style={{ textTransform: 'none' }}>
          {scope}
        </Badge>
      ))}
    </Group>
  );
}

function Status({ token }: { token: ApiToken }) {
  if (!isRevoked(token)) {
    return (
      <Badge size="sm" color="green" variant="light" data-testid="token-status">
        Active
      </Badge>
    );
  }
  return (
    <Stack gap={0}>
      <Badge size="sm" color="gray" variant="light" data-testid="token-status">
        Revoked
      </Badge>
      <Text size="xs" c="dimmed">
        {formatDayTime(token.revokedAt)}
        {token.revokedBy != null && token.revokedBy.trim() !== '' ? ` by ${token.revokedBy}` : ''}
      </Text>
    </Stack>
  );
}

function lastUsed(token: ApiToken): string {
  return token.lastUsedAt == null ? 'Never' : formatDayTime(token.lastUsedAt);
}

function RevokeButton({ token, busy, onRevoke }: { token: ApiToken; busy: boolean; onRevoke: (token: ApiToken) => void }) {
  return (
    <Button
      size="compact-sm"
      variant="light"
      color="red"
      disabled={busy}
      aria-label={`Revoke ${token.name}`}
      onClick={() => {
        onRevoke(token);
      }}
    >
      Revoke
    </Button>
  );
}

/**
 * Command → API tokens (issue 24, High Command by default): the agency's tokens (name and the
 * start of the secret, scopes, who created them and when, last use, revoked), Create token (a
 * name and scopes; the secret is shown once, with Copy) and Revoke after a confirmation.
 * Members on leave of absence read it only.
 */
export function ApiTokensPage() {
  const slug = useActiveSlug();
  const access = useNavAccess();
  const writable = canWrite(access.viewer);
  const query = useQuery(tokensQueryOptions(slug));
  const revoke = useRevokeToken(slug);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedToken | null>(null);
  const tokens = tokenOrder(query.data?.tokens ?? []);

  const confirmRevoke = (token: ApiToken) => {
    confirmRemoval({ verb: 'Revoke', kind: 'Token', name: token.name, message: CONFIRM_REVOKE, mutation: revoke, variables: token.id, errorText: tokensErrorText });
  };

  const actions = (token: ApiToken) =>
    writable && !isRevoked(token) ? <RevokeButton token={token} busy={revoke.isPending} onRevoke={confirmRevoke} /> : null;

  return (
    <ManagedListPage
      title={PAGE_TITLE}
      description={PAGE_DESCRIPTION}
      addLabel="Create token"
      onAdd={() => {
        setCreating(true);
      }}
      writable={writable}
      onLeave={isOnLeave(access.viewer)}
      query={query}
      loading="Loading API tokens…"
      errorTitle={UNAVAILABLE}
      errorText={tokensErrorText}
      empty={tokens.length === 0 ? NO_TOKENS : null}
      emptyTestId="tokens-empty"
      after={
        <>
          {creating && query.data !== undefined && (
            <CreateTokenDialog
              scopes={query.data.scopes}
              onCreated={(token) => {
                setCreating(false);
                setCreated(token);
                notifications.show({ color: 'green', message: `Token ${token.token.name} created.` });
              }}
              onClose={() => {
                setCreating(false);
              }}
            />
          )}
          {created !== null && (
            <TokenSecretDialog
              created={created}
              onClose={() => {
                setCreated(null);
              }}
            />
          )}
        </>
      }
    >
        <CardsOrTable
          items={tokens}
          itemKey={(token) => token.id}
          label="API tokens"
          columns={['Name', 'Scopes', 'Created', 'Last used', 'Status', ...(writable ? [null] : [])]}
          row={(token) => (
            <Table.Tr data-testid="api-token">
              <Table.Td>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {token.name}
                </Text>
                <Code>{token.hint}</Code>
              </Table.Td>
              <Table.Td>
                <Scopes token={token} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDayTime(token.createdAt)}
                </Text>
                <Text size="xs" c="dimmed">
                  by {token.createdBy}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{lastUsed(token)}</Table.Td>
              <Table.Td>
                <Status token={token} />
              </Table.Td>
              {writable && <Table.Td>{actions(token)}</Table.Td>}
            </Table.Tr>
          )}
          card={(token) => (
            <Paper withBorder radius="md" p="sm" data-testid="api-token">
              <Stack gap={6}>
                <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {token.name}
                    </Text>
                    <Code style={{ alignSelf: 'flex-start' }}>{token.hint}</Code>
                  </Stack>
                  <Status token={token} />
                </Group>
                <Scopes token={token} />
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  Created {formatDayTime(token.createdAt)} by {token.createdBy} · Last used {lastUsed(token)}
                </Text>
                {actions(token) !== null && <Group justify="flex-end">{actions(token)}</Group>}
              </Stack>
            </Paper>
          )}
        />
    </ManagedListPage>
  );
}
