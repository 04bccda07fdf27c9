import { Button, Card, Checkbox, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import type { CommandScope, Department } from '@/api/types';
import { useUnsavedChanges } from '@/components/use-unsaved-changes';
import { useSaveCommandScope } from '../api/command-scope';
import {
  COMMAND_SCOPE_SAVED,
  commandScopeChange,
  commandScopeValues,
  ONLY_HIGH_COMMAND_SCOPES,
  reachText,
  scopableLevels,
  type CommandScopeValues,
} from '../lib/structure';
import { serverText } from './modals/common';

export interface CommandScopeCardProps {
  slug: string;
  scope: CommandScope;
  departments: readonly Department[];
  /** High Command who is not on leave: the card can be changed. */
  editable: boolean;
}

/**
 * "Command scope" (issue 23): the levels whose members manage their own department only (its
 * people, ranks, roles, pools and catalogue visibility; never the top level, High Command), and
 * the department roles that grant agency-wide command whatever their holder's department. High
 * Command ticks them and saves; everyone else reads them. It says what the viewer's own command
 * reaches, and asks before unsaved ticks are dropped.
 */
export function CommandScopeCard({ slug, scope, departments, editable }: CommandScopeCardProps) {
  const saved = commandScopeValues(scope.scopedLevels, departments);
  const save = useSaveCommandScope(slug);
  const form = useForm<CommandScopeValues>({ mode: 'controlled', initialValues: saved });
  const dirty = form.isDirty();
  useUnsavedChanges(dirty && !save.isPending);

  // What the server holds now becomes the form's starting point, unless the form holds changes.
  const savedKey = JSON.stringify(saved);
  useEffect(() => {
    if (form.isDirty() || JSON.stringify(form.getInitialValues()) === savedKey) return;
    const values = JSON.parse(savedKey) as CommandScopeValues;
    form.setInitialValues(values);
    form.setValues(values);
  }, [form, savedKey]);

  const levels = scopableLevels(scope.levels);
  const roles = departments.flatMap((dept) => dept.roles.map((role) => ({ role, dept })));
  const disabled = !editable || save.isPending;

  const submit = form.onSubmit((values) => {
    const change = commandScopeChange(saved, values);
    if (change.scopedLevels === null && change.roles.length === 0) return;
    save.mutate(change, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: COMMAND_SCOPE_SAVED });
        form.setInitialValues(values);
      },
      onError: (error) => {
        notifications.show({ color: 'red', title: 'Command scope not saved', message: serverText(error, 'Save failed') });
      },
    });
  });

  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby="command-scope-title" data-testid="command-scope">
      <form noValidate onSubmit={submit} aria-labelledby="command-scope-title">
        <Stack gap="sm">
          <Stack gap={2}>
            <Title order={2} size="h4" id="command-scope-title">
              Command scope
            </Title>
            <Text size="sm" c="dimmed">
              {reachText(scope.viewer)}
              {!editable && ` ${ONLY_HIGH_COMMAND_SCOPES}`}
            </Text>
          </Stack>
          <Checkbox.Group
            label="Levels that command their own department only"
            description="Their members manage the people, ranks, roles, callsign pools and catalogue access of the department their rank sits in. High Command always commands the whole agency."
            inputWrapperOrder={['label', 'description', 'input', 'error']}
            {...form.getInputProps('scopedLevels')}
          >
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing={6} mt={6}>
              {levels.map((level) => (
                <Checkbox key={level.id} value={level.id} label={level.label} disabled={disabled} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Checkbox.Group
            label="Roles that grant agency-wide command"
            description="Whoever holds one of these department roles commands the whole agency, whatever their department."
            inputWrapperOrder={['label', 'description', 'input', 'error']}
            {...form.getInputProps('agencyRoles')}
          >
            {roles.length === 0 ? (
              <Text size="sm" c="dimmed" mt={6}>
                No department roles yet.
              </Text>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing={6} mt={6}>
                {roles.map(({ role, dept }) => (
                  <Checkbox
                    key={role.id}
                    value={role.id}
                    label={role.name}
                    description={dept.name}
                    aria-label={`${role.name} (${dept.name}) grants agency-wide command`}
                    disabled={disabled}
                  />
                ))}
              </SimpleGrid>
            )}
          </Checkbox.Group>
          {editable && (
            <Group justify="flex-end" gap="sm">
              <Button
                variant="default"
                disabled={!dirty || save.isPending}
                onClick={() => {
                  form.reset();
                }}
              >
                Undo changes
              </Button>
              <Button type="submit" loading={save.isPending} disabled={!dirty}>
                Save command scope
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Card>
  );
}
