import { Alert, Anchor, Code, Group, Loader, ScrollArea, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Dialog } from '@/components/Dialog';
import type { EditorAnswer } from '../api/sops';
import { EDITOR_NAME, prettyConfig } from '../lib/sops';

/** Why the editor cannot open: the server's message (naming the settings), else a plain fallback. */
function unavailableText(answer: EditorAnswer | undefined): string {
  const message = answer?.message?.trim() ?? '';
  return message !== '' ? message : `${EDITOR_NAME} is not available.`;
}

/** Whether the configuration opens the document for editing (a manager opening its Office file). */
function editing(answer: EditorAnswer): boolean {
  return answer.config?.editorConfig.mode === 'edit';
}

export interface EditorPreviewModalProps {
  /** The document's title. */
  title: string;
  status: 'pending' | 'error' | 'success' | 'idle';
  answer: EditorAnswer | undefined;
  /** The failure text ('Failed to prepare OnlyOffice config', the server's text or 'HTTP {status}'). */
  error: string | null;
  onClose: () => void;
}

/**
 * 'Open in OnlyOffice' (command-and-reports §2, §7): what POST /api/sops/{id}/onlyoffice
 * answered. With the integration enabled, the editor configuration the server prepared and
 * signed (pretty JSON, scrolling inside its own box so a phone page never widens) and the
 * editor's address; otherwise the server's message, which names the two settings
 * (ONLYOFFICE_URL and ONLYOFFICE_JWT_SECRET) that switch it on.
 */
export function EditorPreviewModal({ title, status, answer, error, onClose }: EditorPreviewModalProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  const heading = `Open in ${EDITOR_NAME}: ${title}`;
  const serverUrl = answer?.serverUrl?.trim() ?? '';
  return (
    <Dialog title={heading} size="xl" onClose={onClose}>
      {status === 'pending' || status === 'idle' ? (
        <Group gap="sm" py="md" aria-busy="true">
          <Loader size="sm" />
          <Text>Preparing the editor configuration…</Text>
        </Group>
      ) : status === 'error' ? (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      ) : answer?.enabled === true && answer.config != null ? (
        <Stack gap="sm" style={{ minWidth: 0 }}>
          <Text size="sm">
            The editor configuration for this document, signed for {EDITOR_NAME}
            {serverUrl !== '' && (
              <>
                {' '}
                at{' '}
                <Anchor href={serverUrl} target="_blank" rel="noreferrer" style={{ overflowWrap: 'anywhere' }}>
                  {serverUrl}
                </Anchor>
              </>
            )}
            . {editing(answer) ? 'The Office file opens for editing; each save becomes its next version.' : 'Documents open read-only.'}
          </Text>
          <ScrollArea.Autosize mah={phone ? undefined : 420} type="auto" offsetScrollbars>
            <Code block data-testid="editor-config" style={{ whiteSpace: 'pre', maxWidth: '100%' }}>
              {prettyConfig(answer.config)}
            </Code>
          </ScrollArea.Autosize>
        </Stack>
      ) : (
        <Alert color="yellow" variant="light" data-testid="editor-unavailable">
          {unavailableText(answer)}
        </Alert>
      )}
    </Dialog>
  );
}
