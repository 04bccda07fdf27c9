import { Alert, Button, Grid, Group, NumberInput, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useActiveSlug } from '@/agency/context';
import { penalCodesErrorText, penalCodesQueryOptions } from '@/api/penal-codes';
import { PenalCodeSearch } from '@/components/PenalCodeSearch';
import { RemoveButton } from '@/components/ReportRows';
import { formatMonths, formatUsd } from '@/lib/penal-format';
import { chargeTotals, emptyCharge, fillCharge, type ChargeRow } from '../lib/arrest-form';

interface ChargesSectionProps {
  charges: ChargeRow[];
  onChange: (charges: ChargeRow[]) => void;
  disabled: boolean;
}

/**
 * Charges (member-portal §2.11, §5): rows of statute, charge, count, time (months) and bond
 * (dollars). Each row's Catalog button opens 'Search Penal Code' and fills the row from the
 * chosen entry (§5 fill rule); it is disabled when the catalogue failed to load, whose §8 text
 * shows under the rows. Count has a minimum of 1 (blank counts as 1). The totals of time and
 * bond (Σ value × count) follow the rows.
 */
export function ChargesSection({ charges, onChange, disabled }: ChargesSectionProps) {
  const slug = useActiveSlug();
  const catalogue = useQuery(penalCodesQueryOptions(slug));
  const [searchFor, setSearchFor] = useState<string | null>(null);
  const totals = chargeTotals(charges);
  const catalogFailed = catalogue.status === 'error';

  const update = (key: string, patch: Partial<ChargeRow>) => {
    onChange(charges.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="arrest-charges">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="arrest-charges">
            Charges
          </Title>
          <Button
            size="xs"
            variant="default"
            disabled={disabled}
            onClick={() => {
              onChange([...charges, emptyCharge()]);
            }}
          >
            Add charge
          </Button>
        </Group>
        {charges.length === 0 && (
          <Text size="sm" c="dimmed">
            No charges yet.
          </Text>
        )}
        {charges.map((row, index) => {
          const n = index + 1;
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
                        onChange(charges.filter((other) => other.key !== row.key));
                      }}
                    />
                  </Group>
                </Group>
                <Grid gap="sm">
                  <Grid.Col span={{ base: 12, xs: 4, md: 2 }}>
                    <TextInput
                      label="Statute"
                      aria-label={`Charge ${n} statute`}
                      value={row.statute}
                      disabled={disabled}
                      onChange={(event) => {
                        update(row.key, { statute: event.currentTarget.value });
                      }}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, xs: 8, md: 4 }}>
                    <TextInput
                      label="Charge"
                      aria-label={`Charge ${n} charge`}
                      value={row.charge}
                      disabled={disabled}
                      onChange={(event) => {
                        update(row.key, { charge: event.currentTarget.value });
                      }}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 4, md: 2 }}>
                    <NumberInput
                      label="Count"
                      aria-label={`Charge ${n} count`}
                      value={row.count}
                      min={1}
                      max={1000}
                      allowDecimal={false}
                      allowNegative={false}
                      hideControls
                      disabled={disabled}
                      onChange={(value) => {
                        update(row.key, { count: value });
                      }}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 4, md: 2 }}>
                    <NumberInput
                      label="Time"
                      aria-label={`Charge ${n} time (months)`}
                      suffix=" mo"
                      value={row.time}
                      min={0}
                      allowDecimal={false}
                      allowNegative={false}
                      hideControls
                      disabled={disabled}
                      onChange={(value) => {
                        update(row.key, { time: value });
                      }}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 4, md: 2 }}>
                    <NumberInput
                      label="Bond"
                      aria-label={`Charge ${n} bond ($)`}
                      prefix="$"
                      value={row.bond}
                      min={0}
                      allowDecimal={false}
                      allowNegative={false}
                      thousandSeparator=","
                      hideControls
                      disabled={disabled}
                      onChange={(value) => {
                        update(row.key, { bond: value });
                      }}
                    />
                  </Grid.Col>
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
      </Stack>
      <PenalCodeSearch
        opened={searchFor !== null}
        onClose={() => {
          setSearchFor(null);
        }}
        onSelect={(entry) => {
          const key = searchFor;
          onChange(charges.map((row) => (row.key === key ? fillCharge(row, entry) : row)));
        }}
      />
    </Paper>
  );
}
