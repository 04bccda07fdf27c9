import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useActiveSlug } from '@/agency/context';
import { CardsOrTable } from '@/components/CardsOrTable';
import { QueryStatus } from '@/components/QueryStatus';
import { ReportSection } from '@/components/ReportRows';
import { alertsErrorText, deliveriesQueryOptions, DELIVERIES_POLL_MS, type Delivery } from '../api/alerts';
import { DELIVERIES_UNAVAILABLE, deliveryStatus, NO_DELIVERIES } from '../lib/alerts';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : timeFormat.format(date);
}

interface DeliveryViewProps {
  delivery: Delivery;
  eventLabel: (value: string) => string;
}

function StatusBadge({ status }: { status: string }) {
  const { label, color } = deliveryStatus(status);
  return (
    <Badge variant="light" color={color} style={{ minWidth: 'max-content' }} data-status={status}>
      {label}
    </Badge>
  );
}

function attempts(count: number): string {
  return `${String(count)} ${count === 1 ? 'attempt' : 'attempts'}`;
}

function ErrorText({ error }: { error: string | null | undefined }) {
  if (error == null || error === '') return null;
  return (
    <Text size="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
      {error}
    </Text>
  );
}

function DeliveryRow({ delivery, eventLabel }: DeliveryViewProps) {
  return (
    <Table.Tr data-testid="delivery">
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm">{when(delivery.createdAt)}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {delivery.webhookName}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{eventLabel(delivery.event)}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {delivery.title}
        </Text>
        <ErrorText error={delivery.lastError} />
      </Table.Td>
      <Table.Td>
        <StatusBadge status={delivery.status} />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm">{delivery.attempts}</Text>
      </Table.Td>
    </Table.Tr>
  );
}

function DeliveryCard({ delivery, eventLabel }: DeliveryViewProps) {
  return (
    <Paper withBorder radius="md" p="sm" component="article" data-testid="delivery">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {delivery.title}
          </Text>
          <StatusBadge status={delivery.status} />
        </Group>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {eventLabel(delivery.event)} · {delivery.webhookName} · {when(delivery.createdAt)} · {attempts(delivery.attempts)}
        </Text>
        <ErrorText error={delivery.lastError} />
      </Stack>
    </Paper>
  );
}

/**
 * The last hundred alerts and test messages, newest first: when, to which webhook, the event,
 * the title, whether it was sent (with the last error) and how many attempts it took. Read again
 * every few seconds while shown.
 */
export function DeliveryLog({ eventLabel }: { eventLabel: (value: string) => string }) {
  const slug = useActiveSlug();
  const query = useQuery(deliveriesQueryOptions(slug));
  const deliveries = query.data?.deliveries ?? [];

  return (
    <ReportSection id="delivery-log-title" title="Delivery log">
      <Text size="sm" c="dimmed">
        The last 100 messages, newest first; read again every {String(DELIVERIES_POLL_MS / 1000)} seconds.
      </Text>
      <QueryStatus
        query={query}
        loading="Loading the delivery log…"
        errorTitle={DELIVERIES_UNAVAILABLE}
        errorText={(error) => alertsErrorText(error)}
        empty={query.data !== undefined && deliveries.length === 0 ? NO_DELIVERIES : null}
        emptyTestId="deliveries-empty"
      >
        <CardsOrTable
          items={deliveries}
          itemKey={(delivery) => delivery.id}
          label="Delivery log"
          columns={['Time', 'Webhook', 'Event', 'Message', 'Status', 'Attempts']}
          row={(delivery) => <DeliveryRow delivery={delivery} eventLabel={eventLabel} />}
          card={(delivery) => <DeliveryCard delivery={delivery} eventLabel={eventLabel} />}
        />
      </QueryStatus>
    </ReportSection>
  );
}
