import { Group, Loader, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useActiveSlug } from '@/agency/context';
import { messageOf } from '@/api/client';
import type { UofDraft } from '@/api/reports';
import { Page } from '@/components/Page';
import { useUnsavedChanges } from '@/components/use-unsaved-changes';
import type { OfficerValue } from '@/lib/report-rows';
import { useMe } from '@/session/use-me';
import { uofNextNumberQueryOptions, useFileUofReport } from '../api/uof';
import {
  draftOf,
  isDirty,
  jsonFileName,
  newUofForm,
  reportJson,
  suggestedNumber,
  UOF_TEXTS,
  uofFormErrors,
  type UofForm,
} from '../lib/uof-form';
import { UofReportForm } from './UofReportForm';

/** Downloads `text` as a file named `name`. */
function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * /report/use-of-force-report (navigation id reports_use_of_force_report; command-and-reports
 * §2, §5, §8): waits for the signed-in user (the first deputy) and the suggested number, then
 * shows the form. 'Save to server' files it ('Saved report (incident #{number})', then a fresh
 * form with the next number) or says 'Failed to save' with 'Save failed: {reason}'; 'Save JSON'
 * downloads the report as a file. Leaving with unsaved changes asks first.
 */
export function UofReportPage() {
  const slug = useActiveSlug();
  const me = useMe();
  const next = useQuery(uofNextNumberQueryOptions(slug));
  const ready = me.status !== 'pending' && next.status !== 'pending';
  const entry = me.data?.rosterMatches[0];
  const viewer: OfficerValue | null =
    entry === undefined ? null : { name: entry.name, rank: entry.rank ?? '', callsign: entry.callsign ?? '' };
  const number = suggestedNumber(next.data?.incidentNumber, next.status === 'error');

  return (
    <Page
      title={UOF_TEXTS.title}
      description="Record every use of force. A supervisor reviews and signs off each report."
    >
      {ready ? (
        <UofReportEditor slug={slug} initial={() => newUofForm(number, viewer, new Date())} />
      ) : (
        <Group gap="sm" py="lg" aria-busy="true">
          <Loader size="sm" />
          <Text>Loading report form…</Text>
        </Group>
      )}
    </Page>
  );
}

function UofReportEditor({ slug, initial }: { slug: string; initial: () => UofForm }) {
  const queryClient = useQueryClient();
  const [start, setStart] = useState(initial);
  const form = useForm<UofForm>({
    mode: 'controlled',
    initialValues: start,
    validate: (values) => uofFormErrors(values, new Date()),
  });
  const [failed, setFailed] = useState(false);
  const file = useFileUofReport(slug);
  useUnsavedChanges(isDirty(form.values, start) && !file.isPending);

  const save = (values: UofForm) => {
    setFailed(false);
    const draft: UofDraft = draftOf(values);
    file.mutate(draft, {
      onSuccess: (filed) => {
        notifications.show({ color: 'green', message: UOF_TEXTS.saved(filed.incidentNumber) });
        void restart();
      },
      onError: (error) => {
        setFailed(true);
        notifications.show({ color: 'red', message: UOF_TEXTS.saveFailed(messageOf(error, UOF_TEXTS.failedToSave)) });
      },
    });
  };

  // A fresh form with the next number; the viewer stays the first deputy.
  const restart = async () => {
    const fresh = await queryClient.query(uofNextNumberQueryOptions(slug)).catch(() => null);
    const first = form.getValues().deputies[0];
    const locked = first?.locked === true ? first : null;
    const blank = newUofForm(
      suggestedNumber(fresh?.incidentNumber, fresh === null),
      locked === null ? null : { name: locked.name, rank: locked.rank, callsign: locked.callsign },
      new Date(),
    );
    setStart(blank);
    form.setInitialValues(blank);
    form.setValues(blank);
    form.clearErrors();
  };

  return (
    <UofReportForm
      form={form}
      onSave={save}
      onSaveJson={() => {
        download(jsonFileName(form.values), reportJson(form.values));
      }}
      saving={file.isPending}
      failed={failed}
    />
  );
}
