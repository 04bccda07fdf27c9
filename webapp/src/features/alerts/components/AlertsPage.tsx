import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useActiveSlug } from '@/agency/context';
import { EditDeleteButtons } from '@/components/EditDeleteButtons';
import { ManagedListPage } from '@/components/ManagedListPage';
import { EmptyNotice } from '@/components/QueryStatus';
import { useEntryEditing } from '@/components/use-entry-editing';
import { canWrite, isOnLeave } from '@/lib/rank-access';
import { useNavAccess } from '@/session/use-nav-access';
import {
  alertsErrorText,
  useDeleteWebhook,
  useTestWebhook,
  useUpdateWebhook,
  webhooksQueryOptions,
  type TestResult,
  type Webhook,
} from '../api/alerts';
import {
  ALERTS_TITLE,
  CONFIRM_DELETE,
  eventLabels,
  eventsSummary,
  MAX_WEBHOOKS,
  NO_SECRET_KEY,
  NO_WEBHOOKS,
  testResultLine,
  WEBHOOKS_UNAVAILABLE,
} from '../lib/alerts';
import { DeliveryLog } from './DeliveryLog';
import { WebhookDialog } from './WebhookDialog';

interface WebhookCardProps {
  hook: Webhook;
  events: string[];
  writable: boolean;
  busy: boolean;
  /** What the last 'Send test' of this webhook did. */
  tested: TestResult | null;
  testing: boolean;
  onToggle: (enabled: boolean) => void;
  onTest: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** One webhook: its name, address hint, events, whether it is on, and its buttons. */
function WebhookCard({ hook, events, writable, busy, tested, testing, onToggle, onTest, onEdit, onDelete }: WebhookCardProps) {
  const titleId = `webhook-${String(hook.id)}-name`;
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={titleId} data-testid="webhook">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
              {hook.name}
            </Title>
            <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {hook.urlHint}
            </Text>
          </Stack>
          <Switch
            label="On"
            checked={hook.enabled}
            disabled={!writable || busy}
            aria-label={`${hook.name} on`}
            onChange={(event) => {
              onToggle(event.currentTarget.checked);
            }}
          />
        </Group>
        <Group gap={4} aria-label="Events">
          {events.map((label) => (
            <Badge key={label} variant="light" style={{ textTransform: 'none', maxWidth: '100%' }}>
              {label}
            </Badge>
          ))}
        </Group>
        {tested !== null && (
          <Text size="sm" c={tested.sent ? 'green' : 'red'} role="status" data-testid="webhook-test-result" style={{ overflowWrap: 'anywhere' }}>
            {testResultLine(tested)}
          </Text>
        )}
        {writable && (
          <Group gap="xs" justify="flex-end">
            <Button size="xs" variant="default" onClick={onTest} loading={testing} disabled={busy}>
              Send test
            </Button>
            <EditDeleteButtons onEdit={onEdit} onDelete={onDelete} disabled={busy} />
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Command → Alerts (issue 22): the agency's Discord webhooks, each with the events it receives
 * (hires, promotions, reports, …), on or off, a test message, Edit (the address is write-only:
 * only its hint is shown) and Delete; Add webhook; and the delivery log. Members on leave of
 * absence read it and change nothing.
 */
export function AlertsPage() {
  const slug = useActiveSlug();
  const access = useNavAccess();
  const writable = canWrite(access.viewer);
  const query = useQuery(webhooksQueryOptions(slug));
  const update = useUpdateWebhook(slug);
  const remove = useDeleteWebhook(slug);
  const test = useTestWebhook(slug);
  const [tests, setTests] = useState<ReadonlyMap<number, TestResult>>(new Map());

  const data = query.data;
  const webhooks = data?.webhooks ?? [];
  const allEvents = (data?.events ?? []).map((event) => event.value);
  const label = eventLabels(data?.events ?? []);
  const busy = update.isPending || remove.isPending;
  const full = webhooks.length >= MAX_WEBHOOKS;

  const toggle = (hook: Webhook, enabled: boolean) => {
    update.mutate(
      { id: hook.id, change: { enabled } },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', message: `${saved.name} turned ${saved.enabled ? 'on' : 'off'}.` });
        },
        onError: (error) => {
          notifications.show({ color: 'red', title: `${hook.name} not changed`, message: alertsErrorText(error) });
        },
      },
    );
  };

  const sendTest = (hook: Webhook) => {
    test.mutate(hook.id, {
      onSuccess: (result) => {
        setTests((current) => new Map(current).set(hook.id, result));
      },
      onError: (error) => {
        setTests((current) => new Map(current).set(hook.id, { sent: false, error: alertsErrorText(error) }));
      },
    });
  };

  const entries = useEntryEditing<Webhook>({ remove, kind: 'Webhook', nameOf: (hook) => hook.name, message: CONFIRM_DELETE, errorText: alertsErrorText, busy });

  return (
    <ManagedListPage
      title={ALERTS_TITLE}
      description="Post the agency's events (hires, promotions, reports, training…) to Discord channels through webhooks."
      addLabel="Add webhook"
      onAdd={entries.add}
      addBlocked={data !== undefined && (!data.secretsAvailable || full)}
      addTitle={full ? `An agency has at most ${String(MAX_WEBHOOKS)} webhooks.` : undefined}
      writable={writable}
      onLeave={isOnLeave(access.viewer)}
      query={query}
      loading="Loading webhooks…"
      errorTitle={WEBHOOKS_UNAVAILABLE}
      errorText={(error) => alertsErrorText(error)}
      after={
        <>
          <DeliveryLog eventLabel={label} />
          {entries.editing !== null && data !== undefined && <WebhookDialog hook={entries.editing.entry} events={data.events} onClose={entries.close} />}
        </>
      }
    >
        {data !== undefined && (
          <Stack gap="sm">
            {!data.secretsAvailable && (
              <Alert color="yellow" variant="light" data-testid="alerts-no-secrets">
                {NO_SECRET_KEY}
              </Alert>
            )}
            {webhooks.length === 0 ? (
              <EmptyNotice text={NO_WEBHOOKS} testId="webhooks-empty" />
            ) : (
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
                {webhooks.map((hook) => (
                  <WebhookCard
                    key={hook.id}
                    hook={hook}
                    events={eventsSummary(hook.events, allEvents, label)}
                    writable={writable}
                    tested={tests.get(hook.id) ?? null}
                    testing={test.isPending && test.variables === hook.id}
                    onToggle={(enabled) => {
                      toggle(hook, enabled);
                    }}
                    onTest={() => {
                      sendTest(hook);
                    }}
                    {...entries.actionsOf(hook)}
                  />
                ))}
              </SimpleGrid>
            )}
          </Stack>
        )}
    </ManagedListPage>
  );
}
