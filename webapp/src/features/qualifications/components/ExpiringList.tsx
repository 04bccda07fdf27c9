import { Anchor, Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useActiveSlug } from '@/agency/context';
import { CardsOrTable, ListCard } from '@/components/CardsOrTable';
import { EmptyNotice, QueryStatus } from '@/components/QueryStatus';
import { WholeNumberInput } from '@/components/WholeNumberInput';
import { formatDay } from '@/lib/days';
import { expiringQueryOptions, qualificationsErrorText, type Expiring } from '../api/qualifications';
import { BAD_DAYS, daysLeftText, EXPIRING_DAYS, expiringDays, EXPIRING_UNAVAILABLE, noneExpiringText } from '../lib/qualifications';

function DaysLeft({ item }: { item: Expiring }) {
  return (
    <Badge variant="light" color={item.daysLeft <= 3 ? 'red' : 'orange'} style={{ textTransform: 'none', flex: 'none' }}>
      {daysLeftText(item.daysLeft)}
    </Badge>
  );
}

function MemberLink({ item }: { item: Expiring }) {
  return (
    <Anchor component={Link} to={`/roster/${String(item.rosterId)}/file`} fw={600} style={{ overflowWrap: 'anywhere' }}>
      {item.member}
    </Anchor>
  );
}

/**
 * "Expiring within N days": the held qualifications that run out soon, soonest first (a
 * department's commander sees their department's), each with the member (a link to their
 * personnel file), the qualification and its last day. N starts at the agency's warning, as the
 * server answers it, and takes 1 to 365.
 */
export function ExpiringList() {
  const slug = useActiveSlug();
  // What the field holds once changed (until then the days the server answered), and the days
  // asked for (null: the agency's default warning).
  const [raw, setRaw] = useState<number | string | null>(null);
  const [days, setDays] = useState<number | null>(null);
  const ask = useDebouncedCallback(setDays, 300);
  const query = useQuery({ ...expiringQueryOptions(slug, days), placeholderData: keepPreviousData });
  const shownDays = query.data?.days ?? days;
  const value = raw ?? shownDays ?? '';
  const invalid = raw !== null && expiringDays(raw) === null;
  const items = query.data?.items ?? [];

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="expiring-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Title order={2} size="h4" id="expiring-title">
            Expiring within {shownDays === null ? '…' : String(shownDays)} days
          </Title>
          <WholeNumberInput
            label="Days"
            range={EXPIRING_DAYS}
            description={null}
            value={value}
            disabled={shownDays === null}
            error={invalid ? BAD_DAYS : undefined}
            onChange={(next) => {
              setRaw(next);
              const valid = expiringDays(next);
              if (valid !== null) ask(valid);
            }}
            w={{ base: '100%', xs: 160 }}
          />
        </Group>
        <QueryStatus
          query={query}
          loading="Loading expiring qualifications…"
          errorTitle={EXPIRING_UNAVAILABLE}
          errorText={(error) => qualificationsErrorText(error)}
        >
          {items.length === 0 ? (
            <EmptyNotice text={noneExpiringText(shownDays ?? 0)} testId="expiring-empty" />
          ) : (
            <CardsOrTable
              items={items}
              itemKey={(item) => item.holdingId}
              label="Expiring qualifications"
              columns={['Member', 'Department', 'Qualification', 'Expires', 'Left']}
              row={(item) => (
                <Table.Tr data-testid="expiring">
                  <Table.Td>
                    <MemberLink item={item} />
                  </Table.Td>
                  <Table.Td>{item.departmentName ?? '-'}</Table.Td>
                  <Table.Td>{item.qualification}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(item.expiresOn)}</Table.Td>
                  <Table.Td>
                    <DaysLeft item={item} />
                  </Table.Td>
                </Table.Tr>
              )}
              card={(item) => (
                <ListCard testId="expiring" title={<MemberLink item={item} />} aside={<DaysLeft item={item} />} wrap="wrap">
                  <Text size="sm">{item.qualification}</Text>
                  <Text size="xs" c="dimmed">
                    {[item.departmentName, `Expires ${formatDay(item.expiresOn)}`].filter(Boolean).join(' · ')}
                  </Text>
                </ListCard>
              )}
            />
          )}
        </QueryStatus>
      </Stack>
    </Paper>
  );
}
