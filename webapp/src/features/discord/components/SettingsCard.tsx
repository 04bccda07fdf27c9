import { Alert, Button, PasswordInput, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useActiveSlug } from '@/agency/context';
import { confirmAction } from '@/components/confirm';
import { QueryStatus } from '@/components/QueryStatus';
import { ReportSection } from '@/components/ReportRows';
import { FieldGrid } from '@/components/ReportSections';
import { SettingsFormFrame, useSettingsSave } from '@/components/SettingsForm';
import { updatedLine } from '@/lib/updated-line';
import { discordErrorText, discordSettingsQueryOptions, useSaveDiscordSettings, type DiscordSettings } from '../api/discord';
import {
  CONFIRM_REMOVE_TOKEN,
  NO_SECRET_KEY,
  ONLY_HIGH_COMMAND,
  serverLine,
  SETTINGS_SAVED,
  SETTINGS_UNAVAILABLE,
  settingsChange,
  settingsFormValues,
  syncLine,
  TOKEN_MAX,
  tokenLine,
  validateSettings,
  type SettingsFormValues,
} from '../lib/discord';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** High Command's form: the server id, a new bot token, role sync; Save sends what changed. */
function SettingsForm({ settings }: { settings: DiscordSettings }) {
  const slug = useActiveSlug();
  const save = useSaveDiscordSettings(slug);
  const form = useForm<SettingsFormValues>({
    mode: 'controlled',
    initialValues: settingsFormValues(settings),
    validate: validateSettings,
  });
  const { send, frame } = useSettingsSave({ form, save, valuesOf: settingsFormValues, errorText: discordErrorText, problemTestId: 'discord-settings-problem' });

  const submit = form.onSubmit((values) => {
    const change = settingsChange(form.getInitialValues(), values);
    if (change !== null) send(change, () => ({ message: SETTINGS_SAVED }));
  });

  const removeToken = () => {
    confirmAction({
      title: 'Remove the bot token',
      message: CONFIRM_REMOVE_TOKEN,
      confirmLabel: 'Remove',
      onConfirm: () => {
        send({ botToken: '' }, () => ({ message: 'Bot token removed.' }));
      },
    });
  };

  return (
    <SettingsFormFrame label="Discord settings" onSubmit={submit} {...frame}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Discord server id"
          placeholder={settings.deploymentGuildId ?? '123456789012345678'}
          description={
            settings.deploymentGuildId == null
              ? 'Right-click the server with Developer Mode on, then Copy Server ID.'
              : "Left blank, the deployment's server is used."
          }
          inputMode="numeric"
          maxLength={20}
          {...form.getInputProps('guildId')}
        />
        <Stack gap={4}>
          <PasswordInput
            label="New bot token"
            description={settings.secretsAvailable ? `${tokenLine(settings)} Left blank, it stays as it is.` : tokenLine(settings)}
            autoComplete="off"
            maxLength={TOKEN_MAX}
            disabled={!settings.secretsAvailable}
            {...form.getInputProps('botToken')}
          />
          {settings.botTokenSet && (
            <Button variant="subtle" color="red" size="compact-sm" onClick={removeToken} disabled={save.isPending} style={{ alignSelf: 'flex-start' }}>
              Remove the token
            </Button>
          )}
        </Stack>
      </SimpleGrid>
      <Switch
        label="Roles follow the roster"
        description="Members' Discord roles are given and taken as the roster changes."
        {...form.getInputProps('syncEnabled', { type: 'checkbox' })}
      />
    </SettingsFormFrame>
  );
}

/** The settings as text, for Command staff who are not High Command (or are on leave). */
function SettingsSummary({ settings, canEdit }: { settings: DiscordSettings; canEdit: boolean }) {
  return (
    <Stack gap="sm">
      <FieldGrid
        cols={{ base: 1, xs: 3 }}
        fields={[
          ['Discord server', serverLine(settings)],
          ['Bot', tokenLine(settings)],
          ['Role sync', syncLine(settings.syncEnabled)],
        ]}
      />
      {!canEdit && (
        <Text size="sm" c="dimmed" data-testid="discord-settings-read-only">
          {ONLY_HIGH_COMMAND}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The agency's Discord server, bot and role sync. High Command edits them (the token is never
 * shown, only whether there is one); everyone else reads them. What stops role sync from
 * working is said on top, and so is a portal that cannot store a token.
 */
export function SettingsCard({ writable }: { writable: boolean }) {
  const slug = useActiveSlug();
  const query = useQuery(discordSettingsQueryOptions(slug));
  const settings = query.data;
  const updated = settings ? updatedLine(settings.updatedAt, settings.updatedBy, (date) => timeFormat.format(date)) : null;
  return (
    <ReportSection id="discord-settings-title" title="Server and bot">
      <QueryStatus
        query={query}
        loading="Loading Discord settings…"
        errorTitle={SETTINGS_UNAVAILABLE}
        errorText={(error) => discordErrorText(error)}
      >
        {settings !== undefined && (
          <Stack gap="sm">
            {settings.problem != null && (
              <Alert color="yellow" variant="light" title="Role sync cannot work" data-testid="discord-problem">
                {settings.problem}
              </Alert>
            )}
            {!settings.secretsAvailable && (
              <Alert color="gray" variant="light" data-testid="discord-no-secrets">
                {NO_SECRET_KEY}
              </Alert>
            )}
            {settings.canEdit && writable ? (
              <SettingsForm key={slug} settings={settings} />
            ) : (
              <SettingsSummary settings={settings} canEdit={settings.canEdit} />
            )}
            {updated !== null && (
              <Text size="xs" c="dimmed" data-testid="discord-settings-updated">
                {updated}
              </Text>
            )}
          </Stack>
        )}
      </QueryStatus>
    </ReportSection>
  );
}
