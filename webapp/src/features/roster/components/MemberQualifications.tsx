import { Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import type { Holding, RosterEntry } from '@/api/types';
import { FormDialog } from '@/components/Dialog';
import { HoldingList } from '@/components/HoldingList';
import { EmptyNotice, QueryStatus } from '@/components/QueryStatus';
import { ReasonField } from '@/components/ReasonField';
import { useFormMutation } from '@/components/use-form-mutation';
import { localToday } from '@/lib/days';
import {
  holdingErrorText,
  memberQualificationsQueryOptions,
  qualificationsQueryOptions,
  useGrantQualification,
  useRevokeQualification,
} from '../api/qualifications';

export const NOT_OWN = 'You cannot grant or revoke your own qualifications.';
export const NOT_MANAGED = 'Only command that manages this member can grant or revoke their qualifications.';
export const CHOOSE_QUALIFICATION = 'Choose a qualification.';
export const REASON_REQUIRED = 'Say why the qualification is revoked.';

/**
 * These dialogs open from inside the person dialog's form: their own submit must not reach it
 * (React passes events up through portals).
 */
function own(submit: (event: SubmitEvent<HTMLFormElement>) => void) {
  return (event: SubmitEvent<HTMLFormElement>) => {
    event.stopPropagation();
    submit(event);
  };
}

function GrantDialog({ slug, person, onClose }: { slug: string; person: RosterEntry; onClose: () => void }) {
  const catalogue = useQuery(qualificationsQueryOptions(slug));
  const grant = useGrantQualification(slug, person.id);
  const form = useForm({
    mode: 'controlled',
    initialValues: { qualificationId: null as string | null, note: '' },
    validate: { qualificationId: (value) => (value === null || value === '' ? CHOOSE_QUALIFICATION : null) },
  });
  const { sendAndClose, dialog } = useFormMutation({ form, mutation: grant, errorText: holdingErrorText, onClose, problemTestId: 'grant-problem' });
  const options = (catalogue.data ?? []).map((q) => ({ value: String(q.id), label: q.name }));

  const submit = form.onSubmit((values) => {
    sendAndClose({ qualificationId: Number(values.qualificationId), note: values.note.trim() }, (holding) => ({ message: `${holding.name} granted to ${person.name}.` }));
  });

  return (
    <FormDialog
      title={`Grant a qualification to ${person.name}`}
      submitLabel="Grant"
      onSubmit={own(submit)}
      {...dialog}
    >
      <Select
        label="Qualification"
        placeholder={catalogue.isPending ? 'Loading qualifications…' : 'Choose a qualification'}
        description="Granting one the member holds already renews it from today."
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        required
        searchable
        data-autofocus
        openOnFocus={false}
        data={options}
        nothingFoundMessage="No qualification of that name"
        {...form.getInputProps('qualificationId')}
      />
      <ReasonField label="Note" placeholder="Passed the range on 20 Nov." {...form.getInputProps('note')} />
    </FormDialog>
  );
}

function RevokeDialog({ slug, person, holding, onClose }: { slug: string; person: RosterEntry; holding: Holding; onClose: () => void }) {
  const revoke = useRevokeQualification(slug, person.id);
  const form = useForm({
    mode: 'controlled',
    initialValues: { reason: '' },
    validate: { reason: (value) => (value.trim() === '' ? REASON_REQUIRED : null) },
  });
  const { sendAndClose, dialog } = useFormMutation({ form, mutation: revoke, errorText: holdingErrorText, onClose, problemTestId: 'revoke-problem' });

  const submit = form.onSubmit((values) => {
    sendAndClose({ holdingId: holding.id, reason: values.reason.trim() }, () => ({ message: `${holding.name} of ${person.name} revoked.` }));
  });

  return (
    <FormDialog
      title={`Revoke ${holding.name} of ${person.name}`}
      submitLabel="Revoke"
      onSubmit={own(submit)}
      {...dialog}
    >
      <Text size="sm">The revocation stays in the member's file with its reason.</Text>
      <ReasonField label="Reason" required data-autofocus {...form.getInputProps('reason')} />
    </FormDialog>
  );
}

export interface MemberQualificationsProps {
  slug: string;
  person: RosterEntry;
  /** The person is the viewer (the server refuses their own grants). */
  ownEntry: boolean;
}

/**
 * A member's qualifications in the roster's person dialog (issue 23): active, expiring, expired
 * and revoked ones with their dates, how they were granted and why they were revoked; Grant
 * (a qualification and a note) and Revoke (a reason) when the server says the viewer may
 * (roster managers within their reach, never for themselves). A refusal shows the server's
 * sentence in the dialog.
 */
export function MemberQualifications({ slug, person, ownEntry }: MemberQualificationsProps) {
  const query = useQuery(memberQualificationsQueryOptions(slug, person.id));
  const [granting, setGranting] = useState(false);
  const [revoking, setRevoking] = useState<Holding | null>(null);
  const today = localToday();
  const holdings = query.data?.holdings ?? [];
  const canManage = query.data?.canManage === true;

  return (
    <Stack gap="xs" component="section" aria-labelledby="person-qualifications" data-testid="person-qualifications">
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h5" id="person-qualifications">
          Qualifications
        </Title>
        {canManage && (
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => {
              setGranting(true);
            }}
          >
            Grant
          </Button>
        )}
      </Group>
      <QueryStatus
        query={query}
        loading="Loading qualifications…"
        errorTitle="Qualifications unavailable"
        errorText={(error) => holdingErrorText(error)}
      >
        {query.data !== undefined && !canManage && (
          <Text size="xs" c="dimmed" data-testid="qualifications-read-only">
            {ownEntry ? NOT_OWN : NOT_MANAGED}
          </Text>
        )}
        {holdings.length === 0 ? (
          <EmptyNotice text={`${person.name} holds no qualification yet.`} testId="person-qualifications-empty" />
        ) : (
          <HoldingList
            holdings={holdings}
            today={today}
            label={`Qualifications of ${person.name}`}
            detailed
            actions={(holding) =>
              canManage &&
              holding.state !== 'revoked' && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  aria-label={`Revoke ${holding.name}`}
                  onClick={() => {
                    setRevoking(holding);
                  }}
                >
                  Revoke
                </Button>
              )
            }
          />
        )}
      </QueryStatus>
      {granting && (
        <GrantDialog
          slug={slug}
          person={person}
          onClose={() => {
            setGranting(false);
          }}
        />
      )}
      {revoking !== null && (
        <RevokeDialog
          slug={slug}
          person={person}
          holding={revoking}
          onClose={() => {
            setRevoking(null);
          }}
        />
      )}
    </Stack>
  );
}
