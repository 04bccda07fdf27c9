import { Button, Card, Group, NumberInput, Stack, Switch, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useActiveSlug } from '@/agency/context';
import { FailureAlert } from '@/components/FormActions';
import { QueryStatus } from '@/components/QueryStatus';
import { useUnsavedChanges } from '@/components/use-unsaved-changes';
import { dutyErrorText, dutySettingsQueryOptions, useSaveDutySettings, type DutySettings } from '../api/duty';
import {
  AUTO_CLOSE_MAX,
  AUTO_CLOSE_MIN,
  autoCloseLine,
  INACTIVE_MAX,
  INACTIVE_MIN,
  inactiveLine,
  ONLY_HIGH_COMMAND,
  SETTINGS_SAVED,
  settingsBody,
  settingsValues,
  validateSettings,
  type SettingsValues,
} from '../lib/duty';

/** High Command's form: the auto-close limit and "inactive after"; Save sends both. */
function SettingsForm({ settings }: { settings: DutySettings }) {
  const slug = useActiveSlug();
  const save = useSaveDutySettings(slug);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<SettingsValues>({ mode: 'controlled', initialValues: settingsValues(settings), validate: validateSettings });
  const dirty = form.isDirty();
  useUnsavedChanges(dirty);

  const submit = form.onSubmit((values) => {
    setRefusal(null);
    save.mutate(settingsBody(values), {
      onSuccess: (saved) => {
        const next = settingsValues(saved);
        form.setInitialValues(next);
        form.setValues(next);
        notifications.show({ color: 'green', title: SETTINGS_SAVED, message: `${autoCloseLine(saved.autoCloseHours)} ${inactiveLine(saved.inactiveAfterDays)}` });
      },
      onError: (error) => {
        setRefusal(dutyErrorText(error));
      },
    });
  });

  const inactive = form.getValues().inactiveEnabled;
  return (
    <form onSubmit={submit} noValidate aria-label="Duty settings">
      <Stack gap="sm">
        <Group align="flex-start" gap="md" wrap="wrap">
          <NumberInput
            label="Close open shifts after (hours)"
            description={`${String(AUTO_CLOSE_MIN)} to ${String(AUTO_CLOSE_MAX)}`}
            min={AUTO_CLOSE_MIN}
            max={AUTO_CLOSE_MAX}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            w={{ base: '100%', xs: 260 }}
            {...form.getInputProps('autoCloseHours')}
          />
          <Stack gap={6} w={{ base: '100%', xs: 280 }}>
            <Switch label="Mark members inactive" description="After days without duty: the roster's Inactive filter." {...form.getInputProps('inactiveEnabled', { type: 'checkbox' })} />
            {inactive && (
              <NumberInput
                label="Inactive after (days)"
                description={`${String(INACTIVE_MIN)} to ${String(INACTIVE_MAX)}`}
                min={INACTIVE_MIN}
                max={INACTIVE_MAX}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                {...form.getInputProps('inactiveAfterDays')}
              />
            )}
          </Stack>
        </Group>
        <FailureAlert message={refusal} testId="duty-settings-problem" />
        <Group justify="flex-end" gap="sm">
          {dirty && (
            <Button
              variant="default"
              disabled={save.isPending}
              onClick={() => {
                form.reset();
                setRefusal(null);
              }}
            >
              Undo changes
            </Button>
          )}
          <Button type="submit" loading={save.isPending} disabled={!dirty}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The agency's duty settings (issue 24): after how many hours an open shift closes itself and
 * after how many days without duty a member counts as inactive. Everyone here reads them; High
 * Command (not on leave) changes them, with the unsaved-changes guard and a notification once saved.
 */
export function DutySettingsCard({ writable }: { writable: boolean }) {
  const slug = useActiveSlug();
  const query = useQuery(dutySettingsQueryOptions(slug));
  const settings = query.data;
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="duty-settings">
      <Title order={2} size="h4" id="duty-settings" mb="xs">
        Duty settings
      </Title>
      <QueryStatus query={query} loading="Loading the duty settings…" errorTitle="Duty settings unavailable" errorText={(error) => dutyErrorText(error)}>
        {settings !== undefined &&
          (settings.canEdit && writable ? (
            <SettingsForm settings={settings} />
          ) : (
            <Stack gap={4} data-testid="duty-settings-summary">
              <Text size="sm">{autoCloseLine(settings.autoCloseHours)}</Text>
              <Text size="sm">{inactiveLine(settings.inactiveAfterDays)}</Text>
              <Text size="xs" c="dimmed">
                {ONLY_HIGH_COMMAND}
              </Text>
            </Stack>
          ))}
      </QueryStatus>
    </Card>
  );
}
