import { Chip, Group, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import {
  ALL_RANKS,
  ALL_RANKS_LABEL,
  EMPTY_MEANS_EVERYONE,
  isAll,
  rankChipChecked,
  rankChipGroups,
  toggleRankChip,
  type RankChoice,
} from '@/lib/rank-list';

export interface RankAccessPickerProps {
  /** What the chips decide, e.g. 'Vehicle access' (the legend of the chip set). */
  label: string;
  /** The ranks to pick from (`ranks` of the catalogue answers), departments then ranks in order. */
  ranks: readonly RankChoice[];
  /** Rank ids, or All (`All`, `all` or `*`). */
  value: readonly string[];
  onChange: (next: string[]) => void;
  disabled?: boolean;
  /** Smaller chips, for pickers nested in a list (liveries). */
  compact?: boolean;
  'data-testid'?: string;
}

/**
 * The rank-access chip picker of the catalogue editors (command-and-reports §2, §4): an 'All
 * ranks' chip, then the ranks grouped by department (ranks without a department, and chosen
 * ids the agency no longer has, under 'General'). Choosing All replaces the selection with All
 * and choosing it again clears it; choosing a rank removes All and toggles that rank.
 *
 * Each chip is a labelled checkbox (Tab to reach it, Space to toggle); the set is a fieldset
 * named by `label`, each department a group named by its heading. With nothing chosen a hint
 * says what the server does with an empty list: every rank may use the entry.
 */
export function RankAccessPicker({
  label,
  ranks,
  value,
  onChange,
  disabled = false,
  compact = false,
  'data-testid': testId,
}: RankAccessPickerProps) {
  const baseId = useId();
  const groups = rankChipGroups(ranks, value);
  const allChosen = value.some(isAll);
  const nothingChosen = value.every((v) => v.trim() === '');
  const size = compact ? 'xs' : 'sm';
  const toggle = (chip: string) => {
    onChange(toggleRankChip(value, chip));
  };

  return (
    <fieldset
      data-testid={testId}
      disabled={disabled}
      style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}
    >
      <Text component="legend" size="sm" fw={500} p={0} mb={6}>
        {label}
      </Text>
      <Stack gap={8}>
        <Group gap={6}>
          <Chip
            id={`${baseId}-all`}
            size={size}
            checked={allChosen}
            disabled={disabled}
            onChange={() => {
              toggle(ALL_RANKS);
            }}
          >
            {ALL_RANKS_LABEL}
          </Chip>
        </Group>
        {groups.map((group, groupIndex) => {
          const groupId = `${baseId}-g${String(groupIndex)}`;
          const headingId = `${groupId}-heading`;
          return (
            <Stack key={groupId} gap={4} role="group" aria-labelledby={headingId}>
              <Text id={headingId} size="xs" fw={600} c="dimmed" tt="uppercase">
                {group.heading}
              </Text>
              <Group gap={6}>
                {group.chips.map((chip, index) => (
                  <Chip
                    key={chip.id}
                    id={`${groupId}-${String(index)}`}
                    size={size}
                    checked={rankChipChecked(value, chip.id)}
                    disabled={disabled}
                    onChange={() => {
                      toggle(chip.id);
                    }}
                  >
                    {chip.label}
                  </Chip>
                ))}
              </Group>
            </Stack>
          );
        })}
        {nothingChosen && (
          <Text size="xs" c="dimmed">
            {EMPTY_MEANS_EVERYONE}
          </Text>
        )}
      </Stack>
    </fieldset>
  );
}
