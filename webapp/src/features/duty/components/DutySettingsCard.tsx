import { Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useActiveSlug } from '@/agency/context';
import { QueryStatus } from '@/components/QueryStatus';
import { SettingsFormFrame, useSettingsSave } from '@/components/SettingsForm';
import { WholeNumberInput } from '@/components/WholeNumberInput';
import { dutyErrorText, dutySettingsQueryOptions, useSaveDutySettings, type DutySettings } from '../api/duty';
import {
  AUTO_CLOSE_HOURS,
  autoCloseLine,
  INACTIVE_DAYS,
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
  const form = useForm<SettingsValues>({ mode: 'controlled', initialValues: settingsValues(settings), validate: validateSettings });
  const { send, frame } = useSettingsSave({ form, save, valuesOf: settingsValues, errorText: dutyErrorText, problemTestId: 'duty-settings-problem' });

  const submit = form.onSubmit((values) => {
    send(settingsBody(values), (saved) => ({ title: SETTINGS_SAVED, message: `${autoCloseLine(saved.autoCloseHours)} ${inactiveLine(saved.inactiveAfterDays)}` }));
  });

  const inactive = form.getValues().inactiveEnabled;
  return (
    <SettingsFormFrame label="Duty settings" onSubmit={submit} {...frame}>
      <Group align="flex-start" gap="md" wrap="wrap">
        <WholeNumberInput
          label="Close open shifts after (hours)"
          range={AUTO_CLOSE_HOURS}
          w={{ base: '100%', xs: 260 }}
          {...form.getInputProps('autoCloseHours')}
        />
        <Stack gap={6} w={{ base: '100%', xs: 280 }}>
          <Switch label="Mark members inactive" description="After days without duty: the roster's Inactive filter." {...form.getInputProps('inactiveEnabled', { type: 'checkbox' })} />
          {inactive && (
            <WholeNumberInput
              label="Inactive after (days)"
              range={INACTIVE_DAYS}
              {...form.getInputProps('inactiveAfterDays')}
            />
          )}
        </Stack>
      </Group>
    </SettingsFormFrame>
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
