import { Autocomplete, Select, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FormDialog } from '@/components/Dialog';
import { WholeNumberInput } from '@/components/WholeNumberInput';
import { formatCustodyRange, formatFineRange } from '@/lib/penal-format';
import type { PenalCode } from '../api/penal-codes';
import {
  CATEGORY_MAX,
  CLASSIFICATIONS,
  CUSTODY_MAX,
  DESCRIPTION_MAX,
  entryFromForm,
  FINE_MAX,
  formValues,
  STATUTE_MAX,
  TITLE_MAX,
  validatePenalCode,
  wholeAmount,
  type PenalCodeEntry,
  type PenalCodeFormValues,
} from '../lib/penal-codes';

export interface PenalCodeModalProps {
  /** The entry to edit, or null for a new one. */
  entry: PenalCode | null;
  /** The other entries of the staged list (their statutes are taken). */
  others: readonly PenalCode[];
  /** The categories so far, offered as suggestions. */
  categories: readonly string[];
  onApply: (entry: PenalCodeEntry) => void;
  onClose: () => void;
}

/**
 * Adds or edits one penal code of the staged list (saved with the rest by 'Save changes'):
 * statute and title required, the statute not used by another entry, a classification,
 * fines in whole dollars and custody in whole months from 0, each minimum not above its
 * maximum (the server's rules). A preview shows the ranges as the report forms will. Closing
 * it with changes not applied asks first.
 */
export function PenalCodeModal({ entry, others, categories, onApply, onClose }: PenalCodeModalProps) {
  const form = useForm<PenalCodeFormValues>({
    mode: 'controlled',
    initialValues: formValues(entry),
    validate: (values) => validatePenalCode(values, others),
  });
  const values = form.values;
  const preview = (min: number | string, max: number | string, top: number, show: typeof formatFineRange) => {
    const low = wholeAmount(min, top);
    const high = wholeAmount(max, top);
    return low === null || high === null ? '—' : show(low, high);
  };

  const onSubmit = form.onSubmit((valid) => {
    onApply(entryFromForm(valid, entry?.id ?? ''));
  });

  const amount = (field: keyof PenalCodeFormValues, label: string, max: number) => (
    <WholeNumberInput
      label={label}
      range={{ min: 0, max }}
      description={null}
      thousandSeparator=","
      {...form.getInputProps(field)}
    />
  );

  return (
    <FormDialog
      title={entry === null ? 'Add penal code' : `Edit ${entry.statute}`}
      size="lg"
      gap="sm"
      dirty={form.isDirty()}
      submitLabel={entry === null ? 'Add' : 'Apply'}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput label="Statute" placeholder="PC 101" required maxLength={STATUTE_MAX} data-autofocus {...form.getInputProps('statute')} />
        <Select
          label="Classification"
          placeholder="Choose"
          required
          data={[...CLASSIFICATIONS]}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('classification')}
        />
      </SimpleGrid>
      <TextInput label="Title" required maxLength={TITLE_MAX} {...form.getInputProps('title')} />
      <Autocomplete
        label="Category"
        placeholder={categories[0] ?? 'Traffic'}
        maxLength={CATEGORY_MAX}
        data={[...categories]}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('category')}
      />
      <Textarea label="Description" autosize minRows={2} maxRows={6} maxLength={DESCRIPTION_MAX} {...form.getInputProps('description')} />
      <SimpleGrid cols={2} spacing="sm">
        {amount('fineMin', 'Fine minimum ($)', FINE_MAX)}
        {amount('fineMax', 'Fine maximum ($)', FINE_MAX)}
        {amount('custodyMin', 'Custody minimum (months)', CUSTODY_MAX)}
        {amount('custodyMax', 'Custody maximum (months)', CUSTODY_MAX)}
      </SimpleGrid>
      <Text size="sm" c="dimmed" data-testid="penal-code-preview">
        0 means none. Shown as: fine {preview(values.fineMin, values.fineMax, FINE_MAX, formatFineRange)} · custody{' '}
        {preview(values.custodyMin, values.custodyMax, CUSTODY_MAX, formatCustodyRange)}
      </Text>
      <Text size="xs" c="dimmed">
        The change is kept on the page until you press Save changes.
      </Text>
    </FormDialog>
  );
}
