import { Alert, Button, Group, Paper, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { messageOf } from '@/api/client';
import { formatReportDate } from '@/lib/report-format';
import {
  buttonEnabled,
  defaultOutcome,
  isDecision,
  missingNotes,
  outcomeOptions,
  requestOf,
  REVIEW_TEXTS,
  signatureLine,
  type ReviewButton,
  type ReviewButtonId,
  type ReviewFlow,
  type ReviewRequest,
} from '@/lib/review-flows';
import { useDirtyInDialog } from './Dialog';
import type { ReviewedReport } from './ReportSections';
import { StatusBadge } from './StatusBadge';

export interface ReviewPanelProps {
  flow: ReviewFlow;
  report: ReviewedReport;
  /** The signed-in reviewer, shown read-only: the server records the viewer whatever is sent. */
  reviewerName: string;
  /** On leave of absence: the panel shows the review but changes nothing. */
  readOnly?: boolean;
  /** Sends a review; resolves once the server has answered (the new report replaces this one). */
  onReview: (request: ReviewRequest) => Promise<unknown>;
}

/** The panel's heading with the report's status badge. */
function PanelHeading({ flow, status }: { flow: ReviewFlow; status: string }) {
  return (
    <Group justify="space-between" gap="xs">
      <Title order={3} size="h5" id="review-panel-title">
        {REVIEW_TEXTS.panelTitle}
      </Title>
      <StatusBadge flow={flow} status={status} />
    </Group>
  );
}

/**
 * 'Supervisor Review & Sign-Off' (command-and-reports §2, §4; issue 10 "Arrest review"): the
 * supervisor's name (the viewer's, read-only), the Outcome select where the flow lets the
 * outcome be picked freely, review notes, the flow's buttons (each enabled in the statuses it
 * works from), and 'Signed by … on …' or 'Not signed yet'. Saves say 'Saved' (green) or
 * 'Failed to save' (red) with the server's reason, which also stays beside the buttons (a 403
 * or 409 says why). Render it keyed on the report's status and signature so that a saved
 * answer starts it afresh.
 *
 * Issue 19: a report the viewer filed or is listed on (`ownReport`) shows 'You cannot review
 * your own report.' in place of every control. A signed outcome changes only through a new
 * signed decision, so once a report is signed the Outcome offers only the decisions.
 */
export function ReviewPanel({ flow, report, reviewerName, readOnly = false, onReview }: ReviewPanelProps) {
  if (report.ownReport === true) return <OwnReportPanel flow={flow} report={report} />;
  return <ReviewControls flow={flow} report={report} reviewerName={reviewerName} readOnly={readOnly} onReview={onReview} />;
}

/** An own report: its status, notes and signature, and the sentence instead of the controls. */
function OwnReportPanel({ flow, report }: { flow: ReviewFlow; report: ReviewedReport }) {
  const notes = report.supervisorNotes?.trim() ?? '';
  const signature = signatureLine(report.supervisorSignedBy, report.supervisorSignedAt, (iso) => formatReportDate(iso));
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="review-panel-title" data-testid="review-panel">
      <Stack gap="sm">
        <PanelHeading flow={flow} status={report.status} />
        <Alert color="yellow" variant="light" data-testid="own-report-notice">
          {REVIEW_TEXTS.ownReport}
        </Alert>
        {notes !== '' && (
          <div>
            <Text size="xs" c="dimmed">
              Review notes
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {notes}
            </Text>
          </div>
        )}
        <Text size="sm" fw={600} data-testid="signature-line">
          {signature}
        </Text>
      </Stack>
    </Paper>
  );
}

function ReviewControls({ flow, report, reviewerName, readOnly = false, onReview }: ReviewPanelProps) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { outcome: defaultOutcome(flow, report.status), notes: report.supervisorNotes ?? '' },
  });
  const [busy, setBusy] = useState<ReviewButtonId | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const signed = isDecision(flow, report.status);
  // In the review dialog, notes or an outcome not sent yet make closing ask first.
  useDirtyInDialog(!readOnly && form.isDirty());

  const press = async (button: ReviewButton) => {
    const values = form.getValues();
    const missing = missingNotes(button, values.notes);
    if (missing !== null) {
      form.setFieldError('notes', missing);
      return;
    }
    form.clearErrors();
    setRefusal(null);
    setBusy(button.id);
    try {
      await onReview(requestOf(button.id, values));
      form.resetDirty();
      notifications.show({ color: 'green', message: REVIEW_TEXTS.saved });
    } catch (error) {
      const reason = messageOf(error, REVIEW_TEXTS.failed);
      setRefusal(reason);
      notifications.show({ color: 'red', title: REVIEW_TEXTS.failed, message: reason });
    } finally {
      setBusy(null);
    }
  };

  const signature = signatureLine(report.supervisorSignedBy, report.supervisorSignedAt, (iso) => formatReportDate(iso));
  const locked = readOnly || busy !== null;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="review-panel-title" data-testid="review-panel">
      <Stack gap="sm">
        <PanelHeading flow={flow} status={report.status} />
        <TextInput label="Supervisor" value={reviewerName} readOnly description="Reviews are recorded as you." />
        {flow.freeOutcome && (
          <Select
            label="Outcome"
            data={outcomeOptions(flow, report.status)}
            description={signed ? REVIEW_TEXTS.signedOutcome : REVIEW_TEXTS.decisionSigns}
            allowDeselect={false}
            disabled={locked}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('outcome')}
          />
        )}
        <Textarea
          label="Review notes"
          autosize
          minRows={3}
          maxRows={10}
          disabled={locked}
          {...form.getInputProps('notes')}
        />
        <Group gap="xs">
          {flow.buttons.map((button) => (
            <Button
              key={button.id}
              color={button.color}
              variant={button.id === 'save' ? 'default' : 'filled'}
              loading={busy === button.id}
              disabled={readOnly || (busy !== null && busy !== button.id) || !buttonEnabled(button, report.status)}
              onClick={() => {
                void press(button);
              }}
            >
              {button.label}
            </Button>
          ))}
        </Group>
        {refusal !== null && (
          <Text size="sm" c="var(--mantine-color-error)" role="alert" data-testid="review-failure">
            {refusal === REVIEW_TEXTS.failed ? refusal : `${REVIEW_TEXTS.failed}: ${refusal}`}
          </Text>
        )}
        <Text size="sm" fw={600} data-testid="signature-line">
          {signature}
        </Text>
      </Stack>
    </Paper>
  );
}
