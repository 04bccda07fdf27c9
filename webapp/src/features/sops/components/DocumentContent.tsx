import '@mantine/tiptap/styles.css';
import { Box, Typography } from '@mantine/core';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import { useEffect } from 'react';
import { readerExtensions } from './rich-text';

/**
 * A document's published content (issue 28: rich text). The server cleans it on every write;
 * here it is read into the editor's schema, read-only, and drawn by it, so only the elements
 * and attributes the schema knows ever reach the page: no HTML string is put into the page as
 * it is, and nothing in it can run.
 */
export function DocumentContent({ content }: { content: string }) {
  // Typed as Tiptap returns it at run time: null for a moment while React renders the
  // component again (its type says otherwise; reading through null crashed the SOPs page now
  // and then in the browser tests).
  const editor = useEditor({ extensions: readerExtensions, content, editable: false }) as Editor | null;
  useEffect(() => {
    if (editor !== null && !editor.isDestroyed) editor.commands.setContent(content, { emitUpdate: false });
  }, [editor, content]);
  return (
    <Box className="sop-content" data-testid="document-content" style={{ overflowWrap: 'anywhere', overflowX: 'auto', lineHeight: 1.6 }}>
      <Typography>
        <EditorContent editor={editor} />
      </Typography>
    </Box>
  );
}
