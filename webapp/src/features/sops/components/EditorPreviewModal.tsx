import { Accordion, Alert, Anchor, Box, Center, Code, Group, Loader, ScrollArea, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Config } from '@onlyoffice/doceditor-types';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Dialog } from '@/components/Dialog';
import type { EditorAnswer } from '../api/sops';
import { docsEditorConfig, EDITOR_UNSUPPORTED, editorIntro, editorLoadErrorText, editorLoadingText } from '../lib/editor';
import { EDITOR_NAME, prettyConfig } from '../lib/sops';

// OnlyOffice's component is fetched only when a document opens: the main bundle stays as it was.
const OfficeEditor = lazy(() => import('./OfficeEditor').then((module) => ({ default: module.OfficeEditor })));

const PHONE = '(max-width: 36em)';
/** The dialog's width while the editor is in it: as wide as the window allows on a desktop. */
const EDITOR_DIALOG_SIZE = '90rem';

/** Why the editor cannot open: the server's message (naming the settings), else a plain fallback. */
function unavailableText(answer: EditorAnswer | undefined): string {
  const message = answer?.message?.trim() ?? '';
  return message !== '' ? message : `${EDITOR_NAME} is not available.`;
}

type EditorLoad = { state: 'loading' } | { state: 'ready' } | { state: 'failed'; description: string };

/**
 * The editor itself, filling the dialog below its title: a loading state until the editor
 * says it is up, or, when its script cannot be loaded from `serverUrl`, a red sentence naming
 * the address. The editor's box holds nothing else (the editor replaces its placeholder).
 */
function EditorFrame({ serverUrl, config }: { serverUrl: string; config: Config }) {
  const phone = useMediaQuery(PHONE);
  const [load, setLoad] = useState<EditorLoad>({ state: 'loading' });
  if (load.state === 'failed') {
    return (
      <Alert color="red" variant="light" role="alert" data-testid="editor-load-error">
        {editorLoadErrorText(serverUrl, load.description)}
      </Alert>
    );
  }
  return (
    <Box
      pos="relative"
      data-testid="editor-frame"
      style={{ height: phone ? 'calc(100dvh - 14rem)' : 'calc(100dvh - 19rem)', minHeight: '20rem' }}
    >
      <Box h="100%" w="100%">
        <Suspense fallback={null}>
          <OfficeEditor
            serverUrl={serverUrl}
            config={config}
            onReady={() => {
              setLoad({ state: 'ready' });
            }}
            onLoadError={(description) => {
              setLoad({ state: 'failed', description });
            }}
          />
        </Suspense>
      </Box>
      {load.state === 'loading' && (
        <Center pos="absolute" bg="var(--mantine-color-body)" style={{ inset: 0 }} aria-busy="true" data-testid="editor-loading">
          <Group gap="sm" wrap="nowrap" px="md">
            <Loader size="sm" />
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {editorLoadingText(serverUrl)}
            </Text>
          </Group>
        </Center>
      )}
    </Box>
  );
}

/** The signed configuration (the spec's preview), folded away under the editor. */
function ConfigurationSection({ config }: { config: NonNullable<EditorAnswer['config']> }) {
  const phone = useMediaQuery(PHONE);
  return (
    <Accordion variant="contained" keepMounted keepMountedMode="display-none">
      <Accordion.Item value="configuration">
        <Accordion.Control>Editor configuration</Accordion.Control>
        <Accordion.Panel>
          <Text size="xs" c="dimmed" mb="xs">
            What the portal prepared and signed for {EDITOR_NAME} (its token signs the rest).
          </Text>
          <ScrollArea.Autosize mah={phone ? undefined : 420} type="auto" offsetScrollbars>
            <Code block data-testid="editor-config" style={{ whiteSpace: 'pre', maxWidth: '100%' }}>
              {prettyConfig(config)}
            </Code>
          </ScrollArea.Autosize>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
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
 * answered. With the integration enabled, the editor itself, loaded from the editor's address
 * with the configuration the server prepared and signed (edit mode for a manager opening a
 * document's Office file, else view), filling the dialog (the whole screen on a phone), and
 * under it the configuration (pretty JSON, folded, scrolling inside its own box so a phone page
 * never widens). Otherwise the server's message, which names the two settings
 * (ONLYOFFICE_URL and ONLYOFFICE_JWT_SECRET) that switch it on.
 */
export function EditorPreviewModal({ title, status, answer, error, onClose }: EditorPreviewModalProps) {
  const heading = `Open in ${EDITOR_NAME}: ${title}`;
  const serverUrl = answer?.serverUrl?.trim() ?? '';
  const config = answer?.enabled === true ? (answer.config ?? null) : null;
  const editorConfig = useMemo(() => (config === null ? null : docsEditorConfig(config)), [config]);
  const mounted = status === 'success' && editorConfig !== null && serverUrl !== '';
  return (
    <Dialog title={heading} size={mounted ? EDITOR_DIALOG_SIZE : 'xl'} onClose={onClose}>
      {status === 'pending' || status === 'idle' ? (
        <Group gap="sm" py="md" aria-busy="true">
          <Loader size="sm" />
          <Text>Preparing the editor configuration…</Text>
        </Group>
      ) : status === 'error' ? (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      ) : config !== null ? (
        <Stack gap="sm" style={{ minWidth: 0 }}>
          {editorConfig !== null && serverUrl !== '' ? (
            <>
              <Text size="sm">
                Opened in {EDITOR_NAME} at{' '}
                <Anchor href={serverUrl} target="_blank" rel="noreferrer" style={{ overflowWrap: 'anywhere' }}>
                  {serverUrl}
                </Anchor>
                : {editorIntro(config.editorConfig.mode === 'edit')}
              </Text>
              <EditorFrame serverUrl={serverUrl} config={editorConfig} />
            </>
          ) : (
            <Alert color="yellow" variant="light" data-testid="editor-unsupported">
              {EDITOR_UNSUPPORTED}
            </Alert>
          )}
          <ConfigurationSection config={config} />
        </Stack>
      ) : (
        <Alert color="yellow" variant="light" data-testid="editor-unavailable">
          {unavailableText(answer)}
        </Alert>
      )}
    </Dialog>
  );
}
