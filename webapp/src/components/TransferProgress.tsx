import { Progress, Stack, Text } from '@mantine/core';
import { transferLine, transferPercent } from '@/lib/agency-bundles';

export interface TransferProgressProps {
  /** What the bar is of, for screen readers: 'Export download', 'Upload'. */
  label: string;
  loaded: number;
  /** null when the size is not known (a streamed export): the bar runs striped, full width. */
  total: number | null;
  /** 'received' or 'sent' after the bytes when the size is not known. */
  verb?: string;
  /** A line instead of the bytes (once everything is sent: "Importing…"). */
  note?: string;
  testId?: string;
}

/** How far a download or an upload is: a bar (in percent when the size is known) and the bytes. */
export function TransferProgress({ label, loaded, total, verb = 'received', note, testId }: TransferProgressProps) {
  const percent = transferPercent(loaded, total);
  const line = note ?? transferLine(loaded, total, verb);
  return (
    <Stack gap={4} data-testid={testId}>
      <Progress
        value={percent ?? 100}
        striped={percent === null || note !== undefined}
        animated={percent === null || note !== undefined}
        aria-label={label}
        aria-valuetext={percent === null ? line : `${String(percent)}% (${line})`}
      />
      <Text size="xs" c="dimmed" aria-live="polite">
        {percent === null || note !== undefined ? line : `${String(percent)}% · ${line}`}
      </Text>
    </Stack>
  );
}
