import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  expiryText,
  grantedText,
  HOLDING_STATUS_COLORS,
  HOLDING_STATUS_LABELS,
  holdingStatus,
  revokedText,
  sortHoldings,
  type HoldingLike,
} from '@/lib/qualifications';

/** A holding's status as a badge: Active, Expires soon, Expired or Revoked. */
export function HoldingStatusBadge({ holding, today }: { holding: HoldingLike; today: string }) {
  const status = holdingStatus(holding, today);
  return (
    <Badge variant="light" color={HOLDING_STATUS_COLORS[status]} style={{ textTransform: 'none', flex: 'none' }} data-testid="holding-status">
      {HOLDING_STATUS_LABELS[status]}
    </Badge>
  );
}

export interface HoldingListProps<H extends HoldingLike> {
  holdings: readonly H[];
  /** The day it is ('2026-12-01'): what expires soon is counted from it. */
  today: string;
  /** The list's accessible name. */
  label: string;
  /** Buttons of a holding (Revoke), or nothing. */
  actions?: (holding: H) => ReactNode;
  /** Show how each was granted and revoked (command's view); the member's own view shows the expiry only. */
  detailed?: boolean;
}

/**
 * A member's qualifications (issue 23), one row each: the name with its status (Active,
 * Expires soon, Expired, Revoked, never hidden), the expiry in words and, in detail, who
 * granted it and how (training or by hand), the note, and who revoked it and why. Expiring
 * ones first, then active, expired and revoked.
 */
export function HoldingList<H extends HoldingLike>({ holdings, today, label, actions, detailed = false }: HoldingListProps<H>) {
  return (
    <Stack component="ul" gap="xs" m={0} p={0} aria-label={label}>
      {sortHoldings(holdings, today).map((holding) => {
        const revoked = revokedText(holding);
        const buttons = actions?.(holding);
        return (
          <Paper
            key={holding.id}
            component="li"
            withBorder
            radius="md"
            p="sm"
            style={{ listStyle: 'none' }}
            data-testid="holding"
            aria-label={holding.name}
          >
            <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
              <Stack gap={2} style={{ flex: '1 1 14rem', minWidth: 0 }}>
                <Group gap="xs" wrap="wrap">
                  <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {holding.name}
                  </Text>
                  <HoldingStatusBadge holding={holding} today={today} />
                </Group>
                <Text size="sm">{expiryText(holding, today)}</Text>
                {detailed && (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {grantedText(holding)}
                    {holding.note.trim() !== '' ? ` · ${holding.note.trim()}` : ''}
                  </Text>
                )}
                {detailed && revoked !== null && (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {revoked}
                  </Text>
                )}
              </Stack>
              {buttons != null && buttons !== false && <Group gap="xs">{buttons}</Group>}
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
