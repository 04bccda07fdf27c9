import { Alert, Button, Grid, Group, NumberInput, Paper, Stack, Text, TextInput, type GridColProps, type NumberInputProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useActiveSlug } from '@/agency/context';
import { penalCodesErrorText, penalCodesQueryOptions } from '@/api/penal-codes';
import { clearErrorsUnder } from '@/components/form-errors';
import { PenalCodeSearch } from '@/components/PenalCodeSearch';
import { ListError, RemoveButton, ReportSection } from '@/components/ReportRows';
import { formatMonths, formatUsd } from '@/lib/penal-format';
import { chargeTotals, CHARGE_LIMITS, emptyCharge, fillCharge, type ArrestForm } from '../lib/arrest-form';

interface ChargesSectionProps {
  form: UseFormReturnType<ArrestForm>;
  disabled: boolean;
}

/** A charge row's inputs, in order: text, or numbers (whole, not negative) with their bounds and units. */
const CHARGE_FIELDS: readonly {
  key: 'statute' | 'charge' | 'count' | 'time' | 'bond';
  label: string;
  /** How a screen reader names it after 'Charge {n}'. */
  name: string;
  span: GridColProps['span'];
  number?: Pick<NumberInputProps, 'min' | 'max' | 'prefix' | 'suffix' | 'thousandSeparator'>;
}[] = [
  { key: 'statute', label: 'Statute', name: 'statute', span: { base: 12, xs: 4, md: 2 } },
  { key: 'charge', label: 'Charge', name: 'charge', span: { base: 12, xs: 8, md: 4 } },
  { key: 'count', label: 'Count', name: 'count', span: { base: 4, md: 2 }, number: { min: 1, max: CHARGE_LIMITS.count } },
  { key: 'time', label: 'Time', name: 'time (months)', span: { base: 4, md: 2 }, number: { min: 0, suffix: ' mo' } },
  { key: 'bond', label: 'Bond', name: 'bond ($)', span: { base: 4, md: 2 }, number: { min: 0, prefix: '$', thousandSeparator: ',' } },
];

/**
 * Charges (member-portal §2.11, §5): rows of statute, charge, count, time (months) and bond
 * (dollars). Each row's Catalog button opens 'Search Penal Code' and fills the row from the
 * chosen entry (§5 fill rule); it is disabled when the catalogue failed to load, whose §8 text
 * shows under the rows. Count has a minimum of 1 (blank counts as 1). The totals of time and
 * bond (Σ value × count) follow the rows. Errors show in their fields; "Add at least one
 * charge." on the first row's charge, or under the heading when there is no row.
 */
export function ChargesSection({ form, disabled }: ChargesSectionProps) {
  const slug = useActiveSlug();
  const catalogue = useQuery(penalCodesQueryOptions(slug));
  const [searchFor, setSearchFor] = useState<string | null>(null);
  const charges = form.values.charges;
  const totals = chargeTotals(charges);
  const catalogFailed = catalogue.status === 'error';
  const listError = form.errors.charges;

  return (
    <ReportSection
      id="arrest-charges"
      title="Charges"
      actions={
        <Button
          size="xs"
          variant="default"
          disabled={disabled}
          data-path="charges"
          aria-describedby={listError === undefined ? undefined : 'arrest-charges-error'}
          onClick={() => {
            form.insertListItem('charges', emptyCharge());
          }}
        >
          Add charge
        </Button>
      }
    >
      <ListError id="arrest-charges-error" error={listError} />
      {charges.length === 0 && (
        <Text size="sm" c="dimmed">
          No charges yet.
        </Text>
      )}
      {charges.map((row, index) => {
        const n = index + 1;
        const path = `charges.${String(index)}`;
        return (
          <Paper key={row.key} withBorder radius="sm" p="sm" data-testid="charge-row">
            <Stack gap="xs">
              <Group justify="space-between" gap="xs">
                <Text size="sm" fw={600}>
                  Charge {n}
                </Text>
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="light"
                    aria-label={`Catalog: search the penal code for charge ${n}`}
                    disabled={disabled || catalogFailed}
                    onClick={() => {
                      setSearchFor(row.key);
                    }}
                  >
                    Catalog
                  </Button>
                  <RemoveButton
                    label={`Remove charge ${n}`}
                    disabled={disabled}
                    onClick={() => {
                      form.removeListItem('charges', index);
                    }}
                  />
                </Group>
              </Group>
              <Grid gap="sm">
                {CHARGE_FIELDS.map((field) => {
                  const common = {
                    label: field.label,
                    'aria-label': `Charge ${String(n)} ${field.name}`,
                    ...form.getInputProps(`${path}.${field.key}`),
                    disabled,
                  };
                  return (
                    <Grid.Col key={field.key} span={field.span}>
                      {field.number === undefined ? (
                        <TextInput {...common} />
                      ) : (
                        <NumberInput {...common} {...field.number} allowDecimal={false} allowNegative={false} hideControls />
                      )}
                    </Grid.Col>
                  );
                })}
              </Grid>
            </Stack>
          </Paper>
        );
      })}
      {catalogFailed && (
        <Alert color="red" variant="light" role="alert" title="Penal code catalog unavailable">
          {penalCodesErrorText(catalogue.error)}
        </Alert>
      )}
      <Group gap="xl" style={{ rowGap: 'var(--mantine-spacing-xs)' }} data-testid="charge-totals" aria-live="polite">
        <Text>
          Total time: <strong data-testid="total-time">{formatMonths(totals.time)}</strong>
        </Text>
        <Text>
          Total bond: <strong data-testid="total-bond">{formatUsd(totals.bond)}</strong>
        </Text>
      </Group>
      <PenalCodeSearch
        opened={searchFor !== null}
        onClose={() => {
          setSearchFor(null);
        }}
        onSelect={(entry) => {
          const index = form.getValues().charges.findIndex((row) => row.key === searchFor);
          const row = form.getValues().charges[index];
          if (row === undefined) return;
          form.replaceListItem('charges', index, fillCharge(row, entry));
          clearErrorsUnder(form, `charges.${String(index)}`);
        }}
      />
    </ReportSection>
  );
}
