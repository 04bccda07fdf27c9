import { Button, Group, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useActiveSlug } from '@/agency/context';
import { failureText } from '@/api/client';
import { useUnsavedChanges } from '@/components/use-unsaved-changes';
import { WholeNumberInput } from '@/components/WholeNumberInput';
import { wholeIn } from '@/lib/whole-range';
import { auditSettingsQueryOptions, useSaveAuditRetention } from '../api/logs';
import { BAD_RETENTION, RETENTION_DAYS, retentionLine } from '../lib/audit';

/** High Command's form: the number of days, Save and Cancel; a refusal shows under the field. */
function RetentionForm({ days, onDone }: { days: number; onDone: () => void }) {
  const slug = useActiveSlug();
  const save = useSaveAuditRetention(slug);
  // NumberInput hands over a number, or the text typed when it is not one yet ('' when empty).
  const form = useForm<{ retentionDays: number | string }>({
    initialValues: { retentionDays: days },
    validate: {
      retentionDays: (value) => (wholeIn(value, RETENTION_DAYS) === null ? BAD_RETENTION : null),
    },
  });
  useUnsavedChanges(form.isDirty() && !save.isSuccess);

  const submit = form.onSubmit(({ retentionDays }) => {
    save.mutate(Number(retentionDays), {
      onSuccess: (saved) => {
        notifications.show({ color: 'green', title: 'Retention saved', message: retentionLine(saved.retentionDays) });
        onDone();
      },
      onError: (error) => {
        form.setFieldError('retentionDays', failureText(error, (status) => `HTTP ${String(status)}`, 'Failed to save the retention'));
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Audit log retention">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <WholeNumberInput
          label="Keep changes for (days)"
          range={RETENTION_DAYS}
          w={{ base: '100%', xs: 220 }}
          data-autofocus
          {...form.getInputProps('retentionDays')}
        />
        <Group gap="sm" mt={{ base: 0, xs: 44 }}>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
        </Group>
      </Group>
    </form>
  );
}

/**
 * How long the agency keeps its changes (the audit log's retention): a line for whoever reads
 * the log and, for High Command, Change. Says nothing while it loads or when it cannot be read.
 */
export function RetentionSetting() {
  const slug = useActiveSlug();
  const settings = useQuery(auditSettingsQueryOptions(slug));
  const [editing, setEditing] = useState(false);
  const data = settings.data;
  if (data === undefined) return null;
  if (editing) {
    return (
      <RetentionForm
        days={data.retentionDays}
        onDone={() => {
          setEditing(false);
        }}
      />
    );
  }
  return (
    <Group gap="xs" wrap="wrap" data-testid="audit-retention">
      <Text size="sm" c="dimmed">
        {retentionLine(data.retentionDays)}
      </Text>
      {data.canEdit && (
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => {
            setEditing(true);
          }}
        >
          Change
        </Button>
      )}
    </Group>
  );
}
