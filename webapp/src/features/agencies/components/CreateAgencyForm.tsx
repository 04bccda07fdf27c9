import { Button, Card, Group, SimpleGrid, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { failureText, messageOf } from '@/api/client';
import { AGENCY_NAME_MAX, AGENCY_SHORT_NAME_MAX, PERSON_NAME_MAX } from '@/lib/limits';
import { useCreateAgency } from '../api/use-agencies-admin';
import {
  AGENCY_NAME_REQUIRED,
  agencyDraftBody,
  EMPTY_CREATE_AGENCY,
  parseCustomLevels,
  type CreateAgencyValues,
} from '../lib/agency-admin';

/** Create an agency (command-and-reports §5 Agency create). */
export function CreateAgencyForm({ activeSlug }: { activeSlug: string }) {
  const create = useCreateAgency(activeSlug);
  const form = useForm<CreateAgencyValues>({
    mode: 'controlled',
    initialValues: { ...EMPTY_CREATE_AGENCY },
    validate: { name: (value) => (value.trim() === '' ? AGENCY_NAME_REQUIRED : null) },
  });
  const levels = parseCustomLevels(form.values.levels);
  const busy = create.isPending;

  const onSubmit = form.onSubmit((values) => {
    const body = agencyDraftBody(values);
    create.mutate(body, {
      onSuccess: (agency) => {
        notifications.show({ color: 'green', message: `Agency "${agency.name}" created.` });
        form.reset();
      },
      onError: (error) => {
        notifications.show({
          color: 'red',
          title: 'Unable to create agency.',
          message: failureText(error, (status) => `HTTP ${status}`, messageOf(error, 'Unable to create agency.')),
        });
      },
    });
  });

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="create-agency-title">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="create-agency-title">
            Create agency
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Name" required maxLength={AGENCY_NAME_MAX} disabled={busy} {...form.getInputProps('name')} />
            <TextInput
              label="Slug"
              description="Lowercase letters, digits and dashes; taken from the name when blank."
              disabled={busy}
              {...form.getInputProps('slug')}
            />
            <TextInput
              label="Short name"
              maxLength={AGENCY_SHORT_NAME_MAX}
              disabled={busy}
              {...form.getInputProps('shortName')}
            />
            <TextInput label="Domain" placeholder="sheriff.example.org" disabled={busy} {...form.getInputProps('domain')} />
          </SimpleGrid>
          <Textarea label="Description" autosize minRows={2} disabled={busy} {...form.getInputProps('description')} />
          <Group gap="xl">
            <Switch
              label="Enable agency management"
              disabled={busy}
              {...form.getInputProps('enableAgencyManagement', { type: 'checkbox' })}
            />
            <Switch label="Disable callsigns" disabled={busy} {...form.getInputProps('disableCallsigns', { type: 'checkbox' })} />
          </Group>
          <Textarea
            label="Custom levels"
            description="Lowest first, separated by commas or new lines. Blank: Deputy, Supervisor, Command, High Command."
            autosize
            minRows={2}
            disabled={busy}
            {...form.getInputProps('levels')}
          />
          {levels.length > 0 && (
            <Text size="xs" c="dimmed" data-testid="parsed-levels">
              Levels: {levels.map((level) => `${level.label} (${level.id})`).join(', ')}
            </Text>
          )}
          <Text size="sm" fw={500}>
            First High Command member (optional)
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Discord id" inputMode="numeric" disabled={busy} {...form.getInputProps('ownerDiscordId')} />
            <TextInput
              label="Roster name"
              maxLength={PERSON_NAME_MAX}
              disabled={busy}
              {...form.getInputProps('ownerName')}
            />
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={busy}>
              Create agency
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
