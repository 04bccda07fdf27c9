import { Button, Divider, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { backUpNow, backupsQueryOptions, downloadBackup, saveBackupSettings, type Transfer } from '@/api/agency-bundles';
import { queryKeys } from '@/api/query-keys';
import type { Backup, BackupList, BackupSettings } from '@/api/types';
import {
  countsSummary,
  defaultLine,
  EVERY_HOURS,
  everyLine,
  formatBytes,
  KEEP,
  NO_BACKUPS,
  scheduleBody,
  scheduleRefusalField,
  scheduleValues,
  validateSchedule,
  type ScheduleValues,
} from '@/lib/agency-bundles';
import { formatDateTime } from '@/lib/training';
import { Dialog, useDialogClose, useDirtyInDialog } from './Dialog';
import { bundleErrorText } from './ExportAgencyDialog';
import { FailureAlert } from './FormActions';
import { QueryStatus } from './QueryStatus';
import { saveFile } from './save-file';
import { TransferProgress } from './TransferProgress';
import { useRefusal } from './use-refusal';
import { WholeNumberInput } from './WholeNumberInput';

export const BACKUP_FAILED = 'The backup failed. Check your connection and try again.';
export const DOWNLOAD_FAILED = 'The download failed. Check your connection and try again.';
export const SCHEDULE_SAVED = 'Backup schedule saved';

const when = (iso: string | null | undefined) => formatDateTime(iso) ?? '-';

/** One backup: when, how big, what it holds, and Download (with its progress). */
function BackupRow({ slug, backup }: { slug: string; backup: Backup }) {
  const [transfer, setTransfer] = useState<Transfer | null>(null);
  const download = useMutation({ mutationFn: () => downloadBackup(slug, backup.name, { onProgress: setTransfer }) });
  const date = when(backup.createdAt);
  const onDownload = () => {
    setTransfer({ loaded: 0, total: backup.sizeBytes > 0 ? backup.sizeBytes : null });
    download.mutate(undefined, {
      onSuccess: (file) => {
        saveFile(file.blob, file.name);
      },
      onError: (error) => {
        notifications.show({ color: 'red', title: 'Download failed', message: bundleErrorText(error, DOWNLOAD_FAILED) });
      },
      onSettled: () => {
        setTransfer(null);
      },
    });
  };
  return (
    <Paper withBorder p="sm" radius="md" component="li" data-testid="backup-row" aria-label={`Backup of ${date}`}>
      <Stack gap={6}>
        <Group justify="space-between" align="center" gap="xs" wrap="wrap">
          <Stack gap={0} style={{ minWidth: 0, flex: '1 1 12rem' }}>
            <Text fw={600} size="sm">
              {date}
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {formatBytes(backup.sizeBytes)} · {countsSummary(backup.counts)}
            </Text>
          </Stack>
          <Button size="xs" variant="default" onClick={onDownload} loading={download.isPending} aria-label={`Download the backup of ${date}`}>
            Download
          </Button>
        </Group>
        {transfer !== null && <TransferProgress label={`Download of the backup of ${date}`} loaded={transfer.loaded} total={transfer.total} />}
      </Stack>
    </Paper>
  );
}

/**
 * The schedule: backups every N hours or none, keep the last K. The deployment default is said
 * while the agency has no setting of its own; the server's refusals show under their field.
 * Unsaved changes make the dialog ask before closing.
 */
function ScheduleForm({ slug, activeSlug, settings }: { slug: string; activeSlug: string; settings: BackupSettings }) {
  const queryClient = useQueryClient();
  const form = useForm<ScheduleValues>({ mode: 'controlled', initialValues: scheduleValues(settings), validate: validateSchedule });
  const refusal = useRefusal(form, {
    text: (error) => bundleErrorText(error, 'The schedule could not be saved. Try again.'),
    fieldOf: scheduleRefusalField,
  });
  const save = useMutation({ mutationFn: (values: ScheduleValues) => saveBackupSettings(slug, scheduleBody(values)) });
  const dirty = form.isDirty();
  useDirtyInDialog(dirty);
  const values = form.getValues();

  const submit = form.onSubmit((next) => {
    refusal.clear();
    save.mutate(next, {
      onSuccess: (saved) => {
        const fresh = scheduleValues(saved);
        form.setInitialValues(fresh);
        form.setValues(fresh);
        form.resetDirty(fresh);
        queryClient.setQueryData<BackupList>(queryKeys.agencyBackups(activeSlug, slug), (list) => (list === undefined ? list : { ...list, settings: saved }));
        notifications.show({
          color: 'green',
          title: SCHEDULE_SAVED,
          message: `Backups ${everyLine(saved.everyHours)}, keeping the last ${String(saved.keep)}.`,
        });
      },
      onError: refusal.refuse,
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Backup schedule">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Schedule
        </Title>
        <Stack gap={2}>
          {settings.usesDefault && (
            <Text size="sm" data-testid="backup-default">
              {defaultLine(settings)}
            </Text>
          )}
          <Text size="sm" c="dimmed" data-testid="backup-next">
            {settings.nextDueAt == null ? 'No scheduled backup is due.' : `Next backup due ${when(settings.nextDueAt)}.`}
          </Text>
        </Stack>
        <Switch
          label="Back up on a schedule"
          description="Written to the portal's media store; older ones beyond Keep are deleted."
          disabled={save.isPending}
          {...form.getInputProps('scheduled', { type: 'checkbox' })}
        />
        <Group align="flex-start" gap="md" wrap="wrap">
          <WholeNumberInput
            label="Every (hours)"
            range={EVERY_HOURS}
            disabled={!values.scheduled || save.isPending}
            w={{ base: '100%', xs: 200 }}
            {...form.getInputProps('everyHours')}
          />
          <WholeNumberInput
            label="Keep the last"
            range={KEEP}
            unit="backups"
            disabled={save.isPending}
            w={{ base: '100%', xs: 200 }}
            {...form.getInputProps('keep')}
          />
        </Group>
        <FailureAlert message={refusal.message} testId="backup-schedule-problem" />
        <Group justify="flex-end" gap="sm">
          {dirty && (
            <Button
              variant="default"
              disabled={save.isPending}
              onClick={() => {
                form.reset();
                refusal.clear();
              }}
            >
              Undo changes
            </Button>
          )}
          <Button type="submit" loading={save.isPending} disabled={!dirty}>
            Save schedule
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function CloseButton({ onClose }: { onClose: () => void }) {
  const close = useDialogClose(onClose);
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={close}>
        Close
      </Button>
    </Group>
  );
}

/**
 * The backups of agency `slug` (issue 27), asked from the active agency `activeSlug`: newest
 * first with their date, size and contents, each downloadable; "Back up now"; the schedule.
 */
export function AgencyBackupsDialog({ slug, name, activeSlug, onClose }: { slug: string; name: string; activeSlug: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const list = useQuery(backupsQueryOptions(activeSlug, slug));
  const now = useMutation({ mutationFn: () => backUpNow(slug) });
  const backups = list.data?.backups ?? [];

  const onBackUp = () => {
    now.mutate(undefined, {
      onSuccess: (backup) => {
        notifications.show({ color: 'green', title: 'Backup made', message: `${name}: ${formatBytes(backup.sizeBytes)}, ${countsSummary(backup.counts)}.` });
        void queryClient.invalidateQueries({ queryKey: queryKeys.agencyBackups(activeSlug, slug) });
      },
      onError: (error) => {
        notifications.show({ color: 'red', title: 'Backup failed', message: bundleErrorText(error, BACKUP_FAILED) });
      },
    });
  };

  return (
    <Dialog title={`Backups of ${name}`} size="lg" onClose={onClose}>
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="xs" wrap="wrap">
          <Text size="sm" c="dimmed" style={{ flex: '1 1 14rem' }}>
            Newest first. A backup is an export without secrets, kept in the portal's media store.
          </Text>
          <Button onClick={onBackUp} loading={now.isPending} disabled={list.status !== 'success'}>
            Back up now
          </Button>
        </Group>
        <QueryStatus
          query={list}
          loading="Loading backups…"
          errorTitle="Backups unavailable"
          errorText={(error) => bundleErrorText(error, 'Failed to load the backups.')}
          empty={list.status === 'success' && backups.length === 0 ? NO_BACKUPS : null}
          emptyTestId="backups-empty"
        >
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={`Backups of ${name}`}>
            {backups.map((backup) => (
              <BackupRow key={backup.name} slug={slug} backup={backup} />
            ))}
          </Stack>
        </QueryStatus>
        {list.data !== undefined && (
          <>
            <Divider />
            <ScheduleForm slug={slug} activeSlug={activeSlug} settings={list.data.settings} />
          </>
        )}
        <CloseButton onClose={onClose} />
      </Stack>
    </Dialog>
  );
}
