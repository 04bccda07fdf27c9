import { Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useActiveSlug } from '@/agency/context';
import { structureQueryOptions } from '@/api/structure';
import { FormDialog } from '@/components/Dialog';
import { useFormMutation } from '@/components/use-form-mutation';
import { CALLSIGN_MAX, PERSON_NAME_MAX } from '@/lib/limits';
import { useNavAccess } from '@/session/use-nav-access';
import { recruitmentErrorText, useHire, type ApplicationDetail, type Hired } from '../api/recruitment';

interface HireValues {
  departmentId: string | null;
  rankId: string | null;
  callsign: string;
  name: string;
}

/** 'Robin Park is on the roster as P-101 (Probationary Deputy).' */
export function hiredText(result: Hired): string {
  const callsign = result.entry.callsign?.trim() ?? '';
  const rank = result.entry.rank?.trim() ?? '';
  const as = callsign === '' ? '' : ` as ${callsign}`;
  const from = result.callsignFromPool ? ', the first free callsign of the rank' : '';
  return `${result.entry.name} is on the roster${as}${rank === '' ? '' : ` (${rank}${from})`}.`;
}

/**
 * Hire: the roster entry made from an accepted application, at the rank and department chosen,
 * with the callsign typed or (left empty) the first free one of the rank's pools. The roster's
 * own rules decide (the server's sentence shows); a second hire answers with the entry made before.
 */
export function HireDialog({ application, onClose }: { application: ApplicationDetail; onClose: () => void }) {
  const slug = useActiveSlug();
  const access = useNavAccess();
  const structure = useQuery(structureQueryOptions(slug));
  const hire = useHire(slug);
  const form = useForm<HireValues>({
    mode: 'controlled',
    initialValues: { departmentId: null, rankId: null, callsign: '', name: '' },
    validate: {
      departmentId: (value) => (value === null ? 'Choose a department.' : null),
      rankId: (value) => (value === null ? 'Choose a rank.' : null),
    },
  });
  const { sendAndClose, dialog } = useFormMutation({ form, mutation: hire, errorText: recruitmentErrorText, onClose, problemTestId: 'hire-problem' });
  const departments = structure.data?.departments ?? [];
  const assignable = new Set(access.viewer?.assignableLevels ?? []);
  const department = departments.find((d) => d.id === form.values.departmentId);
  const ranks = (department?.ranks ?? []).filter((rank) => access.isHighCommand || assignable.size === 0 || assignable.has(rank.level));

  const submit = form.onSubmit((values) => {
    const body = {
      departmentId: values.departmentId ?? '',
      rankId: values.rankId ?? '',
      callsign: values.callsign.trim() === '' ? null : values.callsign.trim(),
      name: values.name.trim() === '' ? null : values.name.trim(),
    };
    sendAndClose({ applicationId: application.id, body }, (result) => ({
      color: result.alreadyHired ? 'orange' : 'green',
      title: result.alreadyHired ? `${application.displayName} was hired already` : `${application.displayName} hired`,
      // The application shows the way to the roster (a notification is rendered outside the router).
      message: hiredText(result),
    }));
  });

  return (
    <FormDialog
      title={`Hire ${application.displayName}`}
      submitLabel="Hire"
      onSubmit={submit}
      {...dialog}
      data-testid="hire-form"
    >
      <Text size="sm">A roster entry for @{application.discordName}, hired today and logged as a hire.</Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Select
          label="Department"
          required
          data-autofocus
          placeholder={structure.isPending ? 'Loading…' : 'Choose'}
          data={departments.map((d) => ({ value: d.id, label: d.name }))}
          value={form.values.departmentId}
          error={form.errors.departmentId}
          onChange={(value) => {
            form.setValues({ departmentId: value, rankId: null });
          }}
        />
        <Select
          label="Rank"
          required
          placeholder={department === undefined ? 'Choose a department first' : 'Choose'}
          disabled={department === undefined}
          data={ranks.map((r) => ({ value: r.id, label: r.name }))}
          {...form.getInputProps('rankId')}
        />
      </SimpleGrid>
      <TextInput
        label="Callsign"
        description="Leave empty: the first free callsign of the rank's pools."
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        maxLength={CALLSIGN_MAX}
        {...form.getInputProps('callsign')}
      />
      <TextInput
        label="Name on the roster"
        placeholder={application.displayName}
        description="Leave empty: the applicant's Discord display name."
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        maxLength={PERSON_NAME_MAX}
        {...form.getInputProps('name')}
      />
    </FormDialog>
  );
}
