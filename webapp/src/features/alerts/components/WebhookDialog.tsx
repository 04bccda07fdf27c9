import { Button, Checkbox, Group, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useActiveSlug } from '@/agency/context';
import { FormDialog } from '@/components/Dialog';
import { FailureAlert } from '@/components/FormActions';
import { useRefusal } from '@/components/use-refusal';
import { alertsErrorText, useCreateWebhook, useUpdateWebhook, type EventKind, type Webhook } from '../api/alerts';
import {
  ADDRESS_MAX,
  NAME_MAX,
  refusedField,
  validateWebhook,
  webhookChange,
  webhookCreate,
  webhookFormValues,
  type WebhookFormValues,
} from '../lib/alerts';

export interface WebhookDialogProps {
  /** The webhook to edit, or null to add one. */
  hook: Webhook | null;
  events: readonly EventKind[];
  onClose: () => void;
}

/**
 * Adds or edits a webhook: its name, the Discord address (write-only: an existing webhook shows
 * its hint and offers 'Replace address'), the events it receives ('All events' ticks or clears
 * them all) and whether it is on. A refusal of the server shows under its field, or above the
 * buttons when it belongs to no field.
 */
export function WebhookDialog({ hook, events, onClose }: WebhookDialogProps) {
  const slug = useActiveSlug();
  const create = useCreateWebhook(slug);
  const update = useUpdateWebhook(slug);
  const busy = create.isPending || update.isPending;
  const allEvents = events.map((event) => event.value);
  const form = useForm<WebhookFormValues>({
    mode: 'controlled',
    initialValues: webhookFormValues(hook, allEvents),
    validate: validateWebhook,
  });
  const chosen = form.values.events;
  const all = allEvents.length > 0 && allEvents.every((event) => chosen.includes(event));

  const refusal = useRefusal(form, { text: alertsErrorText, fieldOf: refusedField });

  const submit = form.onSubmit((values) => {
    refusal.clear();
    if (hook === null) {
      create.mutate(webhookCreate(values), {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', message: `Webhook ${saved.name} added.` });
          onClose();
        },
        onError: refusal.refuse,
      });
      return;
    }
    const change = webhookChange(hook, values, allEvents);
    if (change === null) {
      onClose();
      return;
    }
    update.mutate(
      { id: hook.id, change },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', message: `Webhook ${saved.name} saved.` });
          onClose();
        },
        onError: refusal.refuse,
      },
    );
  });

  return (
    <FormDialog
      title={hook === null ? 'Add webhook' : `Edit ${hook.name}`}
      size="lg"
      gap="sm"
      dirty={form.isDirty()}
      busy={busy}
      submitLabel={hook === null ? 'Add webhook' : 'Save'}
      onClose={onClose}
      onSubmit={submit}
      alert={<FailureAlert message={refusal.message} testId="webhook-problem" />}
    >
      <TextInput label="Name" placeholder="Command channel" required maxLength={NAME_MAX} data-autofocus {...form.getInputProps('name')} />
      {form.values.replaceUrl ? (
        <TextInput
          label={hook === null ? 'Webhook address' : 'New webhook address'}
          description="In Discord: the channel's settings → Integrations → Webhooks → Copy Webhook URL."
          placeholder="https://discord.com/api/webhooks/…"
          required
          type="url"
          autoComplete="off"
          maxLength={ADDRESS_MAX}
          {...form.getInputProps('url')}
        />
      ) : (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Webhook address
          </Text>
          <Group gap="xs" wrap="wrap">
            <Text size="sm" ff="monospace" c="dimmed" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
              {hook?.urlHint}
            </Text>
            <Button
              variant="default"
              size="compact-sm"
              onClick={() => {
                form.setFieldValue('replaceUrl', true);
              }}
            >
              Replace address
            </Button>
          </Group>
        </Stack>
      )}
      <Stack gap={6} role="group" aria-labelledby="webhook-events-label">
        <Text size="sm" fw={500} id="webhook-events-label">
          Events
        </Text>
        <Checkbox
          label="All events"
          checked={all}
          indeterminate={!all && chosen.length > 0}
          onChange={() => {
            form.setFieldValue('events', all ? [] : allEvents);
          }}
        />
        <Checkbox.Group {...form.getInputProps('events')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} ml="md">
            {events.map((event) => (
              <Checkbox key={event.value} value={event.value} label={event.label} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
      </Stack>
      <Switch label="On" description="Off, nothing is sent to this channel." {...form.getInputProps('enabled', { type: 'checkbox' })} />
    </FormDialog>
  );
}
