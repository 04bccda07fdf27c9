import { FileInput, PasswordInput, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import type { Transfer } from '@/api/agency-bundles';
import { FormDialog } from '@/components/Dialog';
import { bundleErrorText } from '@/components/ExportAgencyDialog';
import { FailureAlert } from '@/components/FormActions';
import { TransferProgress } from '@/components/TransferProgress';
import { useRefusal } from '@/components/use-refusal';
import { CHOOSE_BUNDLE, importedLine, importRefusalField, passphraseProblem } from '@/lib/agency-bundles';
import { useImportAgency } from '../api/use-agencies-admin';

export const IMPORT_FAILED = 'The import failed. Check your connection and try again.';

interface ImportValues {
  file: File | null;
  slug: string;
  passphrase: string;
}

/**
 * Import agency (issue 27, root High Command): an agency bundle file, an optional new slug and
 * an optional passphrase for its secrets. The upload shows its progress; once sent the server
 * checks and restores it (all or nothing). A refusal shows the server's sentence, under its
 * field when it has one (a slug in use: the slug field, focused).
 */
export function ImportAgencyDialog({ activeSlug, onClose }: { activeSlug: string; onClose: () => void }) {
  const importing = useImportAgency(activeSlug);
  const [transfer, setTransfer] = useState<Transfer | null>(null);
  const [sent, setSent] = useState(false);
  const slugInput = useRef<HTMLInputElement>(null);
  // Counts the refusals about the slug: each one moves the focus to the slug field.
  const [slugRefusals, setSlugRefusals] = useState(0);
  const form = useForm<ImportValues>({
    mode: 'controlled',
    initialValues: { file: null, slug: '', passphrase: '' },
    validate: {
      file: (file) => (file === null ? CHOOSE_BUNDLE : null),
      passphrase: passphraseProblem,
    },
  });
  const refusal = useRefusal(form, {
    text: (error) => bundleErrorText(error, IMPORT_FAILED),
    fieldOf: (message, status) => (status === null ? null : importRefusalField(status, message)),
  });

  const submit = form.onSubmit(({ file, slug, passphrase }) => {
    if (file === null) return;
    refusal.clear();
    setSent(false);
    setTransfer({ loaded: 0, total: file.size });
    importing.mutate(
      {
        file,
        slug: slug.trim().toLowerCase(),
        passphrase,
        onProgress: setTransfer,
        onSent: () => {
          setSent(true);
        },
      },
      {
        onSuccess: (agency) => {
          notifications.show({ color: 'green', title: 'Agency imported', message: importedLine(agency), autoClose: 10_000 });
          onClose();
        },
        onError: (error) => {
          setTransfer(null);
          setSent(false);
          if (refusal.refuse(error) === 'slug') {
            setSlugRefusals((count) => count + 1);
          }
        },
      },
    );
  });

  const busy = importing.isPending;
  // A slug in use: the slug field takes the focus (enabled again in the same render).
  useEffect(() => {
    if (slugRefusals > 0) slugInput.current?.focus();
  }, [slugRefusals]);
  return (
    <FormDialog
      title="Import agency"
      size="md"
      dirty={form.isDirty()}
      busy={busy}
      submitLabel="Import"
      onClose={onClose}
      onSubmit={submit}
      alert={<FailureAlert message={refusal.message} testId="import-problem" />}
      data-testid="import-form"
    >
      <Text size="sm">
        An agency bundle exported from this portal or another one becomes a new agency here. Nothing is imported unless all of
        it is.
      </Text>
      <FileInput
        label="Bundle file"
        description="An .agency.tar.gz file."
        placeholder="Choose a file"
        accept=".gz,application/gzip,application/x-gzip"
        withAsterisk
        clearable
        data-autofocus
        disabled={busy}
        {...form.getInputProps('file')}
      />
      <TextInput
        ref={slugInput}
        label="New slug (optional)"
        description="Lowercase letters, digits and dashes. Blank: the bundle's own slug."
        autoComplete="off"
        disabled={busy}
        {...form.getInputProps('slug')}
      />
      <PasswordInput
        label="Passphrase (optional)"
        description="The one given at export, to bring the bot token and webhook addresses. Without it they stay out."
        autoComplete="off"
        disabled={busy}
        {...form.getInputProps('passphrase')}
      />
      {transfer !== null && (
        <TransferProgress
          label="Upload"
          loaded={transfer.loaded}
          total={transfer.total}
          verb="sent"
          note={sent ? 'Sent. Importing: checking and restoring the bundle…' : undefined}
          testId="import-progress"
        />
      )}
    </FormDialog>
  );
}
