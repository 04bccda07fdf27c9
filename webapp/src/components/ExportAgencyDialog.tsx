import { PasswordInput, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { exportAgency, type Transfer } from '@/api/agency-bundles';
import { failureText } from '@/api/client';
import { exportRefusalField, formatBytes, passphraseProblem } from '@/lib/agency-bundles';
import { FormDialog } from './Dialog';
import { FailureAlert } from './FormActions';
import { saveFile } from './save-file';
import { TransferProgress } from './TransferProgress';
import { useRefusal } from './use-refusal';

export const EXPORT_FAILED = 'The export failed. Check your connection and try again.';

/** What the failure of a bundle call says: the server's sentence, else the status or `fallback`. */
export function bundleErrorText(error: unknown, fallback: string): string {
  return failureText(error, (status) => `The portal answered HTTP ${String(status)}.`, fallback);
}

/**
 * Export agency `slug` as a bundle file (issue 27): an optional passphrase (at least 12
 * characters) brings its secrets, encrypted with it. The file is fetched whole, showing the
 * bytes received, then saved; a refusal shows the server's sentence (under the passphrase when
 * it is about it).
 */
export function ExportAgencyDialog({ slug, name, onClose }: { slug: string; name: string; onClose: () => void }) {
  const [transfer, setTransfer] = useState<Transfer | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { passphrase: '' },
    validate: { passphrase: passphraseProblem },
  });
  const refusal = useRefusal(form, {
    text: (error) => bundleErrorText(error, EXPORT_FAILED),
    fieldOf: (message, status) => (status === null ? null : exportRefusalField(message)),
  });
  const download = useMutation({
    mutationFn: (passphrase: string) => exportAgency(slug, passphrase, { onProgress: setTransfer }),
  });

  const submit = form.onSubmit(({ passphrase }) => {
    refusal.clear();
    setTransfer({ loaded: 0, total: null });
    download.mutate(passphrase, {
      onSuccess: (file) => {
        saveFile(file.blob, file.name);
        notifications.show({
          color: 'green',
          title: 'Export downloaded',
          message: `${name}: ${file.name} (${formatBytes(file.size)}).`,
        });
        onClose();
      },
      onError: (error) => {
        setTransfer(null);
        refusal.refuse(error);
      },
    });
  });

  return (
    <FormDialog
      title={`Export ${name}`}
      size="md"
      busy={download.isPending}
      submitLabel="Download export"
      onClose={onClose}
      onSubmit={submit}
      alert={<FailureAlert message={refusal.message} testId="export-problem" />}
      data-testid="export-form"
    >
      <Text size="sm">
        One file with everything of {name}: its settings, roster, reports, logs and uploaded images. Import it on this
        portal or another one.
      </Text>
      <PasswordInput
        label="Passphrase (optional)"
        description="Without one, the Discord bot token and webhook addresses are left out. With one (at least 12 characters) they are included, encrypted with it: keep it, the import asks for it."
        autoComplete="new-password"
        data-autofocus
        disabled={download.isPending}
        {...form.getInputProps('passphrase')}
      />
      {transfer !== null && <TransferProgress label="Export download" loaded={transfer.loaded} total={transfer.total} testId="export-progress" />}
    </FormDialog>
  );
}
