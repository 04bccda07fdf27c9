import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import { useEffect, useId, useRef } from 'react';
import { richTextExtensions } from './rich-text';

export interface RichTextFieldProps {
  label: string;
  description?: string;
  required?: boolean;
  /** HTML the editor starts from; a new value from outside (a reload, a restore) replaces the text. */
  value: string;
  /** The editor's HTML after each change. */
  onChange: (html: string) => void;
  /** The editor's own rendering of `value` once loaded (unsaved-changes checks compare with it). */
  onLoaded?: (html: string) => void;
  error?: string | null;
  disabled?: boolean;
  'data-testid'?: string;
}

/**
 * A document's content in Mantine's rich text editor: headings, emphasis, lists, quotes,
 * links, tables and rules. The form holds the HTML; the editor is made once and given new
 * content only when `value` changes from outside (never on its own keystrokes, which would
 * put the caret back at the start).
 */
export function RichTextField({ label, description, required = false, value, onChange, onLoaded, error, disabled = false, 'data-testid': testId }: RichTextFieldProps) {
  const labelId = useId();
  // What the editor last reported: a `value` equal to it is the editor's own change.
  const own = useRef<string | null>(null);
  const editor = useEditor({
    extensions: richTextExtensions,
    content: value,
    editable: !disabled,
    shouldRerenderOnTransaction: true,
    editorProps: { attributes: { 'aria-labelledby': labelId, 'aria-multiline': 'true', role: 'textbox' } },
    onCreate: ({ editor: created }) => {
      own.current = created.getHTML();
      onLoaded?.(own.current);
    },
    onUpdate: ({ editor: changed }) => {
      own.current = changed.getHTML();
      onChange(own.current);
    },
  });

  useEffect(() => {
    if (editor.isDestroyed || value === own.current) return;
    editor.commands.setContent(value, { emitUpdate: false });
    own.current = editor.getHTML();
    onLoaded?.(own.current);
  }, [editor, value, onLoaded]);

  useEffect(() => {
    editor.setEditable(!disabled);
  }, [editor, disabled]);

  return (
    <Input.Wrapper label={label} labelProps={{ id: labelId }} description={description} required={required} error={error} data-testid={testId}>
      <RichTextEditor editor={editor} mt={4} style={{ minWidth: 0 }}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
            <RichTextEditor.Hr />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
            <RichTextEditor.TableInsert />
            <RichTextEditor.TableDelete />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content style={{ minHeight: 240, overflowWrap: 'anywhere' }} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
