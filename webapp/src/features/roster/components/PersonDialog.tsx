import { Anchor, Autocomplete, Divider, Group, MultiSelect, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { Department, RosterEntry } from '@/api/types';
import { FormDialog } from '@/components/Dialog';
import { ReasonField } from '@/components/ReasonField';
import { useUnsavedChanges } from '@/components/use-unsaved-changes';
import {
  ACTION_MAX,
  CALLSIGN_MAX,
  DISCORD_ID_MAX,
  PERSON_NAME_MAX,
  REGION_MAX,
} from '@/lib/limits';
import { assignableRanks, isOwnEntry, OWN_ENTRY_HINT, type RankViewer } from '@/lib/rank-access';
import { availableCallsignsQueryOptions, RosterSaveError } from '../api/roster';
import { useAddPerson, useUpdatePerson } from '../api/use-save-person';
import {
  ACTION_SUGGESTIONS,
  ADDED_TITLE,
  addedMessage,
  callsignOutsideRank,
  outsidePoolsNote,
  outsidePoolsWarning,
  EMPTY_PERSON,
  FAILED_TITLE,
  MISSING_FIELDS_TITLE,
  missingFieldsMessage,
  normalizeCallsignInput,
  personFormValues,
  personPayload,
  ROSTER_STATUSES,
  saveFailureText,
  UPDATED_TITLE,
  updatedMessage,
  withDepartment,
  type PersonFormValues,
} from '../lib/roster';
import { MemberQualifications } from './MemberQualifications';

export const ADD_TITLE = 'Add New Person';
export const EDIT_TITLE = 'Edit Person';

export type PersonDialogMode = { kind: 'add' } | { kind: 'edit'; entry: RosterEntry };

export interface PersonDialogProps {
  slug: string;
  mode: PersonDialogMode;
  departments: readonly Department[];
  /** Who is editing: the rank choices are the levels they may assign. */
  viewer: RankViewer | null;
  callsignsDisabled: boolean;
  subDepartmentsDisabled: boolean;
  onClose: () => void;
}

/** Add New Person / Edit Person (member-portal §2.6, §4, §5, §8). Mounted per opening. */
export function PersonDialog({
  slug,
  mode,
  departments,
  viewer,
  callsignsDisabled,
  subDepartmentsDisabled,
  onClose,
}: PersonDialogProps) {
  const editing = mode.kind === 'edit' ? mode.entry : null;
  // One's own rank, department and status stay as they are (the server refuses a change).
  const ownEntry = editing !== null && isOwnEntry(viewer, editing);
  const form = useForm<PersonFormValues>({
    mode: 'controlled',
    initialValues: editing ? personFormValues(editing) : { ...EMPTY_PERSON, roles: [] },
  });
  // The version the edit is based on: the entry's when opened, the current one after a conflict.
  const [version, setVersion] = useState(editing?.version ?? 0);
  const add = useAddPerson(slug);
  const update = useUpdatePerson(slug);
  const busy = add.isPending || update.isPending;
  const values = form.values;
  // Following the link to the personnel file with changes asks first.
  useUnsavedChanges(form.isDirty() && !busy);

  const department = departments.find((dept) => dept.id === values.departmentId) ?? null;
  const allRanks = departments.flatMap((dept) => dept.ranks.map((rank) => ({ rank, dept })));
  const chosenRank = allRanks.find(({ rank }) => rank.id === values.rankId) ?? null;

  const available = useQuery({
    ...availableCallsignsQueryOptions(slug, values.rankId ?? ''),
    enabled: values.rankId !== null && !callsignsDisabled,
  });
  const callsignOptions = useMemo(() => {
    const list = [...(available.data?.available ?? [])];
    const own = editing?.callsign?.trim();
    if (own && editing?.rankId === values.rankId && !list.includes(own)) list.unshift(own);
    return list;
  }, [available.data, editing, values.rankId]);

  // Only the ranks the viewer may give; the edited person's own rank stays listed.
  const rankChoices = useMemo(
    () => assignableRanks(departments, viewer, editing?.rankId ?? null),
    [departments, viewer, editing],
  );
  const chosenDepartmentRanks = rankChoices.find((dept) => dept.id === values.departmentId)?.ranks ?? [];

  const departmentOptions = departments.map((dept) => ({ value: dept.id, label: dept.name }));
  const rankOptions = department
    ? chosenDepartmentRanks.map((rank) => ({ value: rank.id, label: rank.name }))
    : rankChoices
        .filter((dept) => dept.ranks.length > 0)
        .map((dept) => ({ group: dept.name, items: dept.ranks.map((rank) => ({ value: rank.id, label: rank.name })) }));
  const subOptions = (department?.subDepartments ?? []).map((sub) => ({ value: sub.id, label: sub.name }));
  // The sub-department and the roles are the chosen department's: none to choose before one is.
  const ofDepartment = { placeholder: department ? 'None' : 'Choose a department first', clearable: true, disabled: busy || department === null };
  const roleOptions = (department?.roles ?? []).map((role) => ({ value: role.id, label: role.name }));

  const onDepartment = (departmentId: string | null) => {
    form.setValues(withDepartment(form.getValues(), departmentId));
  };

  const onRank = (rankId: string | null) => {
    const owner = allRanks.find(({ rank }) => rank.id === rankId)?.dept ?? null;
    const current = form.getValues();
    // Choosing a rank before a department picks the rank's department.
    const base = current.departmentId === null && owner !== null ? withDepartment(current, owner.id) : current;
    form.setValues({ ...base, rankId });
  };

  const fail = (kind: 'add' | 'update', error: unknown) => {
    const failure = error instanceof RosterSaveError ? error : null;
    notifications.show({ color: 'red', title: FAILED_TITLE, message: saveFailureText(kind, failure) });
    if (kind === 'update' && failure?.status === 409 && failure.current !== null) {
      // Someone else saved first: show their version and edit from it.
      setVersion(failure.current.version);
      form.setValues(personFormValues(failure.current));
    }
  };

  const onSubmit = form.onSubmit((submitted) => {
    const missing = missingFieldsMessage(submitted, callsignsDisabled);
    if (missing !== null) {
      notifications.show({ color: 'red', title: MISSING_FIELDS_TITLE, message: missing });
      return;
    }
    const options = {
      callsignsDisabled,
      subDepartmentsDisabled,
      rankName: chosenRank?.rank.name ?? null,
    };
    if (editing === null) {
      add.mutate(personPayload(submitted, options), {
        onSuccess: (entry) => {
          notifications.show({ color: 'green', title: ADDED_TITLE, message: confirmation(addedMessage(entry), entry), style: { whiteSpace: 'pre-line' } });
          onClose();
        },
        onError: (error) => {
          fail('add', error);
        },
      });
      return;
    }
    update.mutate(
      { id: editing.id, body: personPayload(submitted, { ...options, version }) },
      {
        onSuccess: (entry) => {
          notifications.show({ color: 'green', title: UPDATED_TITLE, message: confirmation(updatedMessage(entry), entry), style: { whiteSpace: 'pre-line' } });
          onClose();
        },
        onError: (error) => {
          fail('update', error);
        },
      },
    );
  });

  const outside = callsignsDisabled
    ? null
    : callsignOutsideRank({
        callsign: values.callsign,
        rankId: values.rankId,
        free: available.isFetching ? undefined : available.data?.available,
        own: editing,
      });
  const confirmation = (message: string, entry: { callsign?: string | null; rank?: string | null; callsignOutsidePools?: boolean }) => {
    const note = outsidePoolsNote(entry);
    return note === null ? message : `${message}\n${note}`;
  };

  const callsignHint = callsignsDisabled
    ? undefined
    : values.rankId === null
      ? 'Choose a rank to see its free callsigns.'
      : available.isFetching
        ? 'Loading free callsigns…'
        : `${available.data?.total ?? 0} free for this rank`;

  return (
    <FormDialog
      title={editing ? EDIT_TITLE : ADD_TITLE}
      size="lg"
      fullScreen={false}
      gap="sm"
      busy={busy}
      dirty={form.isDirty()}
      submitLabel={editing ? 'Save' : 'Add'}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      {editing !== null && (
        <Group justify="space-between" gap="xs" wrap="wrap">
          {ownEntry ? (
            <Text size="sm" c="dimmed" data-testid="own-entry-hint" style={{ flex: '1 1 16rem' }}>
              {OWN_ENTRY_HINT}
            </Text>
          ) : (
            <span />
          )}
          <Anchor component={Link} to={`/roster/${String(editing.id)}/file`} size="sm">
            Personnel file
          </Anchor>
        </Group>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Name"
          required
          data-autofocus
          maxLength={PERSON_NAME_MAX}
          disabled={busy}
          {...form.getInputProps('name')}
        />
        <Autocomplete
          label="Callsign"
          required={!callsignsDisabled}
          description={
            outside === null ? (
              callsignHint
            ) : (
              // A warning, not an error: command may assign any free callsign by hand.
              <Text span size="xs" c="orange" data-testid="callsign-outside-pools">
                {outsidePoolsWarning(outside, chosenRank?.rank.name ?? 'this rank', available.data?.total ?? 0)}
              </Text>
            )
          }
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          data={callsignsDisabled ? [] : callsignOptions}
          // A callsign that matches none of the free ones (the old rank's, kept after a
          // rank change) still lists them all, so they are offered.
          filter={({ options, search }) => {
            const typed = search.trim().toUpperCase();
            const matches = options.filter((option) => 'value' in option && option.value.includes(typed));
            return matches.length > 0 ? matches : options;
          }}

          limit={50}
          maxDropdownHeight={240}
          maxLength={CALLSIGN_MAX}
          disabled={busy}
          value={values.callsign}
          onChange={(value) => {
            form.setFieldValue('callsign', normalizeCallsignInput(value));
          }}
        />
        <Select
          label="Department"
          placeholder="Choose a department"
          data={departmentOptions}
          value={values.departmentId}
          onChange={onDepartment}
          searchable
          clearable
          disabled={busy || ownEntry}
        />
        <Select
          label="Rank"
          required
          placeholder={department ? 'Choose a rank' : 'Choose a rank (any department)'}
          data={rankOptions}
          value={values.rankId}
          onChange={onRank}
          searchable
          disabled={busy || ownEntry}
          nothingFoundMessage="No ranks"
        />
        {!subDepartmentsDisabled && (
          <Select label="Sub-department" data={subOptions} {...ofDepartment} {...form.getInputProps('subDeptId')} />
        )}
        <MultiSelect label="Roles" data={roleOptions} {...ofDepartment} {...form.getInputProps('roles')} />
        <TextInput label="Region" maxLength={REGION_MAX} disabled={busy} {...form.getInputProps('region')} />
        <Select
          label="Status"
          data={[...ROSTER_STATUSES]}
          allowDeselect={false}
          disabled={busy || ownEntry}
          {...form.getInputProps('status')}
        />
        <TextInput
          label="Discord ID"
          description="The member's Discord account id"
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          inputMode="numeric"
          maxLength={DISCORD_ID_MAX}
          disabled={busy}
          {...form.getInputProps('discordId')}
        />
      </SimpleGrid>
      {editing !== null && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Autocomplete
            label="Action"
            description="Optional: what this edit is"
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            placeholder="e.g. Promotion"
            data={[...ACTION_SUGGESTIONS]}
            maxLength={ACTION_MAX}
            disabled={busy}
            {...form.getInputProps('action')}
          />
          {/* One row to start with, level with the Action beside it. */}
          <ReasonField label="Reason" minRows={1} maxRows={4} disabled={busy} {...form.getInputProps('reason')} />
        </SimpleGrid>
      )}
      {editing !== null && (
        <>
          <Divider />
          <MemberQualifications slug={slug} person={editing} ownEntry={ownEntry} />
        </>
      )}
    </FormDialog>
  );
}
