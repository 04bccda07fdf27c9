import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import { useEffect, useId, useState } from 'react';
import { withoutTrailingEmpty } from '../lib/sops';
import { EditorToolbar } from './EditorToolbar';
import { richTextExtensions } from './rich-text';

export interface RichTextFieldProps {
  label: string;
  description?: string;
  required?: boolean;
  /**
   * HTML the editor starts from. Later values are ignored: the editor holds the text while it
   * is edited (to start again from other content, mount a new field, e.g. with a new `key`).
   */
  value: string;
  /** The editor's HTML after each change. */
  onChange: (html: string) => void;
  /** The editor's own rendering of `value` once made (unsaved-changes checks compare with it). */
  onLoaded?: (html: string) => void;
  error?: string | null;
  disabled?: boolean;
  'data-testid'?: string;
}

/**
 * A document's content in Mantine's rich text editor: headings, emphasis, lists, quotes,
 * links, tables and rules. The form holds the HTML the editor reports; the editor is made once
 * and never given its content back (the browser test clicks into the text, presses End and
 * types, and checks where the words land).
 */
export function RichTextField({ label, description, required = false, value, onChange, onLoaded, error, disabled = false, 'data-testid': testId }: RichTextFieldProps) {
  const labelId = useId();
  // Options that stay the same object from render to render: Tiptap compares them on every
  // render and, when one differs, sets them again on the editor, which redraws it and puts back
  // the selection it had. A click whose caret had not yet been read then did not take, and the
  // next keys (End, typing) went where the caret had been before.
  const [initial] = useState(() => ({
    content: value,
    editable: !disabled,
    editorProps: { attributes: { 'aria-labelledby': labelId, 'aria-multiline': 'true', role: 'textbox' } },
  }));
  const editor = useEditor({
    extensions: richTextExtensions,
    ...initial,
    onCreate: ({ editor: created }) => {
      onLoaded?.(withoutTrailingEmpty(created.getHTML()));
    },
    onUpdate: ({ editor: changed }) => {
      onChange(withoutTrailingEmpty(changed.getHTML()));
    },
  });

  useEffect(() => {
    // Without an update event: the form's value does not change.
    editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  return (
    <Input.Wrapper label={label} labelProps={{ id: labelId }} description={description} required={required} error={error} data-testid={testId}>
      <RichTextEditor editor={editor} mt={4} style={{ minWidth: 0 }}>
        <EditorToolbar />
        <RichTextEditor.Content style={{ minHeight: 240, overflowWrap: 'anywhere' }} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
